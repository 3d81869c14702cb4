import { ACCESS } from "@/lib/auth/access";
import { agreementExportQuerySchema } from "@/lib/exports/export-request.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { findAgreementByVersion } from "@/lib/server/exports/find-agreement-by-version";

/**
 * `GET /api/v1/exports/agreement?judge=NAME&…scope`: for every version of the judge, oldest
 * first, the agreement report and the trust verdicts exactly as GET /api/v1/agreement and
 * /api/v1/agreement/verdict give them (figures, intervals, n, verdicts). Admins and viewers,
 * or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const scope = agreementExportQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  const body = await findAgreementByVersion(scope);
  return Response.json(body, { headers: { "cache-control": "private, no-store", "content-disposition": `attachment; filename="concord-agreement-${scope.judge.replace(/[^A-Za-z0-9._-]+/g, "-")}.json"` } });
});
