import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { getDb } from "../db";
import type { CriteriaSource } from "./load-judge-criteria";
import type { DirectScore } from "./score-turn-directly";

/**
 * Stores one direct score and counts it on its job in the same statement, so a worker
 * that dies between the two cannot leave the count behind. A turn this judge already
 * scored keeps its first score (unique turn+judge) and is not counted twice.
 */
export async function saveDirectScore(input: {
  jobId: number | null;
  turnId: number;
  judgeId: number;
  score: DirectScore;
  criteriaSource: CriteriaSource;
  /** The cut-offs the overall level was placed with, kept so the score can be read back. */
  thresholds: { version: number; cutoffs: QualityCutoffs };
}): Promise<boolean> {
  const { verdict, output, exchanges, model } = input.score;
  const metrics = { level: verdict.level, levelLabel: verdict.levelLabel, criteria: verdict.criteria, summary: output.summary, rubric: input.criteriaSource, thresholds: input.thresholds };
  const rawOutput = { promptVersion: PROMPT_VERSION, model, parsed: output, exchanges };
  const rows = await getDb().$queryRaw<Array<{ inserted: number }>>`
    WITH inserted AS (
      INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, rationale, raw_output)
      VALUES (${input.turnId}, ${input.judgeId}, ${verdict.overallScore}, ${JSON.stringify(metrics)}::jsonb, ${verdict.rationale}, ${JSON.stringify(rawOutput)}::jsonb)
      ON CONFLICT (turn_id, judge_id) DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM inserted), updated_at = now() WHERE id = ${input.jobId}
    )
    SELECT count(*)::int AS inserted FROM inserted`;
  return rows[0].inserted === 1;
}
