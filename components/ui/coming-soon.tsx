import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { PageHeader } from "./page-header";

/** Placeholder for a section whose issue has not landed yet. */
export function ComingSoon({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title="Coming soon">{children}</EmptyState>
    </>
  );
}
