import type { ReactNode } from "react";
import { headers } from "next/headers";
import { notFound, permanentRedirect } from "next/navigation";
import { ACCESS } from "@/lib/auth/access";
import { sessionPath } from "@/lib/sessions/session-path";
import { requireUser } from "@/lib/server/auth/guards";
import { findSessionRef } from "@/lib/server/sessions/find-session-ref";

/**
 * Checks that the session exists before the page streams behind loading.tsx: once the
 * loading state is sent the status is 200, so an unknown id must be caught here to be a 404.
 * Access first (layouts may render in parallel with their parent), so outsiders learn nothing.
 * An old link by database key (`/sessions/123`) is redirected to the session's own id, with
 * its query (the fragment stays with the browser).
 */
export default async function SessionLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  await requireUser(ACCESS.readDashboards);
  const session = await findSessionRef((await params).id);
  if (session === null) notFound();
  if (session.isLegacy) {
    const search = (await headers()).get("x-concord-search") ?? "";
    permanentRedirect(sessionPath(session.externalId, search.replace(/^\?/, "")));
  }
  return children;
}
