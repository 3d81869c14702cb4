import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { getJudgeVersions } from "@/lib/server/judge-versions/get-judge-versions";

/**
 * `GET /api/v1/agreement/versions?…` with the report's scope parameters: the "Judge
 * versions" tables — every version of the named judge (or, without `judge`, of each judge
 * with two or more versions), oldest first, with its κ_q against people on the frozen set of
 * rated items every version scored, a 95 % crossed-bootstrap interval (computed in the
 * background: `intervals.status` is "computing" until then) and "regression" where κ falls
 * below the previous version's interval. A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  return Response.json(await getJudgeVersions(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
