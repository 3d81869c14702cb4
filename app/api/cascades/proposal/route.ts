import { ACCESS } from "@/lib/auth/access";
import { bandProposalQuerySchema } from "@/lib/cascade/cascade.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { proposeCascadeBand } from "@/lib/server/cascades/propose-cascade-band";
import { DomainError } from "@/lib/server/errors";

/**
 * `GET /api/cascades/proposal?screener=<judge id>&strong=<judge id>&cutoff=<score>&tolerance=0.02`:
 * the narrowest band around the cut-off whose cascade agrees with people within the
 * tolerance of the strong judge alone (κ_q, on the rated turns both judges scored). Admins.
 */
export const GET = withAuth({ roles: ACCESS.administer }, async (request) => {
  const parsed = bandProposalQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    throw new DomainError("invalid", parsed.error.issues[0].message, fieldErrors);
  }
  return Response.json(await proposeCascadeBand(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
