import "server-only";
import { getDb } from "../db";

/**
 * Stores one LLM score in judge_scores and counts it on its job in the same statement, so
 * a worker that dies between the two cannot leave the count behind. A turn this judge
 * already scored keeps its first score (unique turn+judge) and is not counted twice.
 */
export async function insertLlmScore(input: { jobId: number | null; turnId: number; judgeId: number; overallScore: number; metrics: object; rationale: string; rawOutput: object }): Promise<boolean> {
  const rows = await getDb().$queryRaw<Array<{ inserted: number }>>`
    WITH inserted AS (
      INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, rationale, raw_output)
      VALUES (${input.turnId}, ${input.judgeId}, ${input.overallScore}, ${JSON.stringify(input.metrics)}::jsonb, ${input.rationale}, ${JSON.stringify(input.rawOutput)}::jsonb)
      ON CONFLICT (turn_id, judge_id) DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM inserted), updated_at = now() WHERE id = ${input.jobId}
    )
    SELECT count(*)::int AS inserted FROM inserted`;
  return rows[0].inserted === 1;
}
