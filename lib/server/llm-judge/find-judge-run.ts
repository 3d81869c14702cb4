import "server-only";
import type { RunView } from "@/lib/llm-judge/run-view";
import { getDb } from "../db";
import { RUN_KINDS, runViewSelect, toRunView } from "./to-run-view";

/** One run, or null, for GET /api/jobs/[id]. */
export async function findJudgeRun(jobId: number): Promise<RunView | null> {
  const row = await getDb().job.findFirst({ where: { id: jobId, kind: { in: RUN_KINDS } }, select: runViewSelect });
  return row ? toRunView(row) : null;
}
