import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/sessions/skeletons";

export default function SessionsLoading() {
  return (
    <>
      <PageHeader title="Sessions" description="Loading sessions…" />
      <TableSkeleton rows={8} />
    </>
  );
}
