import "server-only";
import type { RunView } from "@/lib/llm-judge/run-view";
import { getDb } from "../db";
import { RUN_KINDS, runViewSelect, toRunView } from "./to-run-view";

/** The latest LLM-judge runs, newest first, for the runs page and GET /api/jobs. */
export async function listJudgeRuns(limit = 50): Promise<RunView[]> {
  const rows = await getDb().job.findMany({ where: { kind: { in: RUN_KINDS } }, orderBy: { id: "desc" }, take: limit, select: runViewSelect });
  return rows.map(toRunView);
}
