import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { getPanelReport } from "@/lib/server/panels/get-panel-report";

/**
 * `GET /api/v1/agreement/panel?…` with the report's scope parameters: when the scope's judge
 * is a panel, its members, rule and diagnostics (each member's κ_q, judge–judge agreement,
 * error correlation, effective number of judges, the panel against its best member with a
 * session bootstrap interval). A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  return Response.json(await getPanelReport(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
