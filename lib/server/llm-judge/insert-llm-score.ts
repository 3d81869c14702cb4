import "server-only";
import { knownTokens, sumTokens, type ReplyUsage } from "@/lib/llm-judge/token-usage";
import { getDb } from "../db";

/**
 * Stores one LLM score in judge_scores and counts it on its job in the same statement, so
 * a worker that dies between the two cannot leave the count behind. A turn this judge
 * already scored keeps its first score (unique turn+judge) and is not counted twice. The
 * tokens of the item's calls are kept on the score and added to the job's totals either way
 * (they were spent).
 */
export async function insertLlmScore(input: {
  jobId: number | null;
  turnId: number;
  judgeId: number;
  overallScore: number;
  metrics: object;
  rationale: string;
  rawOutput: object;
  usages: readonly ReplyUsage[];
}): Promise<boolean> {
  const { inputTokens, outputTokens } = sumTokens(input.usages);
  const spent = knownTokens(input.usages);
  const rows = await getDb().$queryRaw<Array<{ inserted: number }>>`
    WITH inserted AS (
      INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, rationale, raw_output, input_tokens, output_tokens)
      VALUES (${input.turnId}, ${input.judgeId}, ${input.overallScore}, ${JSON.stringify(input.metrics)}::jsonb, ${input.rationale}, ${JSON.stringify(input.rawOutput)}::jsonb, ${inputTokens}::int, ${outputTokens}::int)
      ON CONFLICT (turn_id, judge_id) DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM inserted), input_tokens = input_tokens + ${spent.input}, output_tokens = output_tokens + ${spent.output}, updated_at = now()
      WHERE id = ${input.jobId}
    )
    SELECT count(*)::int AS inserted FROM inserted`;
  return rows[0].inserted === 1;
}
