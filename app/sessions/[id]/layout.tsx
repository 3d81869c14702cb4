import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { ACCESS } from "@/lib/auth/access";
import { parseSessionParams } from "@/lib/sessions/session-params";
import { requireUser } from "@/lib/server/auth/guards";
import { findSessionRef } from "@/lib/server/sessions/find-session-ref";

/**
 * Checks that the session exists before the page streams behind loading.tsx: once the
 * loading state is sent the status is 200, so an unknown id must be caught here to be a 404.
 * Access first (layouts may render in parallel with their parent), so outsiders learn nothing.
 */
export default async function SessionLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  await requireUser(ACCESS.readDashboards);
  const parsed = parseSessionParams((await params).id, {});
  if (parsed === null || (await findSessionRef(parsed.id)) === null) notFound();
  return children;
}
