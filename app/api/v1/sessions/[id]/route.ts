import { ACCESS } from "@/lib/auth/access";
import { parseSessionParams, parseTurnPage } from "@/lib/sessions/session-params";
import { withAuth } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";
import { findSessionRef } from "@/lib/server/sessions/find-session-ref";
import { getSession } from "@/lib/server/sessions/get-session";
import { getDisplayScoring } from "@/lib/server/thresholds/get-display-scoring";

/**
 * `GET /api/v1/sessions/{id}`, where {id} is the session's own id from its log (URL-encoded;
 * a database key from an older link or script still answers, unless another session's own id
 * is that number). One session with a `read` API key (or as a signed-in admin or viewer): its turns, the
 * chosen judge's scores and metrics (?judge=<id>, else the session's first judge), human
 * ratings, the seed 002 §4.2 summary under the active thresholds, and how it differs from
 * the summary file imported with the log. Rater names are left out for API keys. Turns come a
 * page at a time (?page=, from 1, TURN_PAGE_SIZE a page; `turnPage` gives page, size and
 * total); the summary and the chart points cover every turn.
 */
export const GET = withAuth<{ id: string }>({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request, auth, { params }) => {
  const parsed = parseSessionParams((await params).id, request.nextUrl.searchParams);
  const session = parsed === null ? null : await findSessionRef(parsed.key);
  if (parsed === null || session === null) throw new DomainError("not_found", "no such session");
  const turnPage = parseTurnPage(request.nextUrl.searchParams);
  if (turnPage.problem) throw new DomainError("invalid", turnPage.problem, { page: turnPage.problem });
  const thresholds = await getDisplayScoring();
  const detail = await getSession(session.id, { cutoffs: thresholds.cutoffs, judgeId: parsed.judgeId, preferredJudgeId: thresholds.judgeId, includeRaterNames: auth.user !== null, page: turnPage.page });
  if (detail === null) throw new DomainError("not_found", "no such session");
  return Response.json({ ...detail, thresholds: { version: thresholds.version, cutoffs: thresholds.cutoffs } });
});
