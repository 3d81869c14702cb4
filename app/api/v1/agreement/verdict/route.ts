import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { getTrustReport } from "@/lib/server/verdict/get-trust-report";

/**
 * `GET /api/v1/agreement/verdict?…` with the report's scope parameters: pass / fail /
 * inconclusive for the headline figures against the admin's bars, the alternative annotator
 * test, the corrected quality estimates and how many more ratings would settle each
 * interval. The rater-aware intervals come from a background job: while it runs,
 * `bootstrap.status` is "computing" with its progress, and κ's verdict uses the Wald interval.
 * A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  const report = await getTrustReport(parsed.data);
  return Response.json(report, { headers: { "cache-control": "private, no-store" } });
});
