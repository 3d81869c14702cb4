import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { getTaskReport } from "@/lib/server/agreement/get-task-report";
import { withAuth } from "@/lib/server/auth/guards";

/**
 * `GET /api/v1/agreement/task?…` with the report's scope parameters: for a criterion declared
 * binary, categorical, multi-label or numeric, the metrics of its type (the judge against the
 * raters' majority label or mean, the raters among themselves, the judge's calibration).
 * `criterion` and `figures` are null when the scope's criterion is unset, ordinal or untyped.
 * A signed-in viewer or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  const report = await getTaskReport(parsed.data);
  return Response.json(report, { headers: { "cache-control": "private, no-store" } });
});
