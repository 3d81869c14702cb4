import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { getCascadeReport } from "@/lib/server/cascades/get-cascade-report";

/**
 * `GET /api/v1/agreement/cascade?…` with the report's scope parameters: when the scope's
 * judge is a cascade, its screener, strong judge and band, and on the same rated turns the
 * κ_q of the cascade and of each judge alone, the share escalated and the cost of each.
 * A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  return Response.json(await getCascadeReport(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
