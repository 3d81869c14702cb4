import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { listJudgeRuns } from "@/lib/server/llm-judge/list-judge-runs";

/** GET /api/jobs: the latest LLM-judge runs with their progress (the runs page polls it). */
export const GET = withAuth({ roles: ACCESS.administer }, async () => {
  return Response.json({ runs: await listJudgeRuns() }, { headers: { "cache-control": "no-store" } });
});
