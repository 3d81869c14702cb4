import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { getWeightedAgreement } from "@/lib/server/agreement/get-weighted-agreement";
import { withAuth } from "@/lib/server/auth/guards";

/**
 * `GET /api/v1/agreement/weighting?…` with the report's scope parameters: the agreement
 * figures and the corrected quality estimate weighted by each item's inclusion probability
 * (items rated under the sampled queue design), beside the unweighted ones, and the weekly
 * disagreement of escalated items against the random sample. A signed-in viewer or admin,
 * or an API key with scope `read`. No escalation reason is in it.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  return Response.json(await getWeightedAgreement(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
