import type { ReactNode } from "react";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

/**
 * The sessions section. Access is checked here too, above the pages' loading states: once a
 * loading state has streamed, the response is a 200, and a signed-out visitor must get the
 * redirect (307) and a rater the 403 as a status, not only as a page. Its not-found.tsx
 * answers for unknown session ids (see [id]/layout.tsx).
 */
export default async function SessionsLayout({ children }: { children: ReactNode }) {
  await requireUser(ACCESS.readDashboards);
  return children;
}
