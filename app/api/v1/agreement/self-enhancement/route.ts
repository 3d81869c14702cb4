import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { getSelfEnhancement } from "@/lib/server/self-enhancement/get-self-enhancement";

/**
 * `GET /api/v1/agreement/self-enhancement?…` with the report's scope parameters: the scope's
 * judge, its model and model family, the models that wrote the rated answers, and — when some
 * were written by the judge's own family — the judge's and the people's gap between its own
 * family's answers and the others', and their difference with a 95 % session-bootstrap
 * interval. A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  return Response.json(await getSelfEnhancement(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
