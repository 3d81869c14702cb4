import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { getWeightFitState } from "@/lib/server/thresholds/weight-fit-job";

export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };

/** GET /api/thresholds/weight-fit (admins; internal): the fitted-weights proposal for the current data, its progress, or nothing yet. */
export const GET = withAuth({ roles: ACCESS.administer }, async () => {
  return Response.json(await getWeightFitState(), { headers: NO_STORE });
});

/** POST /api/thresholds/weight-fit (admins; internal): queues the fit when it is neither stored nor running; answers its state. */
export const POST = withAuth({ roles: ACCESS.administer }, async (_request, auth) => {
  return Response.json(await getWeightFitState({ start: true, createdById: auth.user?.id }), { status: 202, headers: NO_STORE });
});
