import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { proposeCalibration } from "@/lib/server/thresholds/propose-calibration";

export const dynamic = "force-dynamic";

/** GET /api/thresholds/calibration (admins; internal): the calibration assistant's proposal, or why there is none. */
export const GET = withAuth({ roles: ACCESS.administer }, async () => {
  return Response.json(await proposeCalibration(), { headers: { "cache-control": "no-store" } });
});
