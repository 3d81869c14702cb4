import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { getScoringJudge } from "@/lib/server/thresholds/get-scoring-judge";

export const dynamic = "force-dynamic";

/**
 * GET /api/thresholds/scoring (admins; internal): the judge version the active thresholds
 * score with, and the progress of its recompute. Asking also resumes a recompute whose
 * server stopped, so the page's polling carries an interrupted job to the end.
 */
export const GET = withAuth({ roles: ACCESS.administer }, async () => {
  const scoring = await getScoringJudge("active");
  return Response.json(scoring, { headers: { "cache-control": "no-store" } });
});
