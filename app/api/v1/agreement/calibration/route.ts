import { ACCESS } from "@/lib/auth/access";
import { parseScope } from "@/lib/agreement/scope.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { getCalibrationReport } from "@/lib/server/calibrated-judges/get-calibration-report";

/**
 * `GET /api/v1/agreement/calibration?…` with the report's scope parameters: when the scope's
 * judge is a calibrated judge, its source, map and, on the rated turns in scope, the raw
 * judge against the calibrated one (mean error, κ_q, reliability bins). A signed-in viewer
 * or admin, or an API key with scope `read`.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const parsed = parseScope(request.nextUrl.searchParams);
  if (!parsed.success) throw parsed.error;
  return Response.json(await getCalibrationReport(parsed.data), { headers: { "cache-control": "private, no-store" } });
});
