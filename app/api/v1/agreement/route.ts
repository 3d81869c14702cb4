import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { withAuth } from "@/lib/server/auth/guards";

/**
 * `GET /api/v1/agreement?judge=…&judgeVersion=…&thresholds=…&persona=…&criterion=…&from=…&to=…&import=…`:
 * the agreement report, exactly what /agreement shows (the same function computes both).
 * A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  const report = await getAgreementReport(parsed.data);
  return Response.json(report, { headers: { "cache-control": "private, no-store" } });
});
