import "server-only";
import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { toStoredWinner } from "@/lib/llm-judge/position-swap";
import { knownTokens, sumTokens } from "@/lib/llm-judge/token-usage";
import { getDb } from "../db";
import type { PairComparison } from "./compare-pair";

/**
 * Stores both passes (pass 2 already mapped back to A/B) and the combined verdict, and
 * counts the pair on its job in the same statement; a pair this judge already compared
 * keeps its first comparison.
 */
export async function savePairwiseComparison(input: { jobId: number | null; turnAId: number; turnBId: number; judgeId: number; comparison: PairComparison }): Promise<boolean> {
  const { verdict, pass1, pass2Mapped, passes, model } = input.comparison;
  const rawOutput = {
    promptVersion: PROMPT_VERSION,
    model,
    positionConsistency: verdict.positionConsistency,
    pass1: { order: "A,B", ...passes[0] },
    pass2: { order: "B,A", mapped: pass2Mapped, ...passes[1] },
  };
  const usages = passes.flatMap((pass) => pass.exchanges.map((e) => e.usage));
  const { inputTokens, outputTokens } = sumTokens(usages);
  const spent = knownTokens(usages);
  const rows = await getDb().$queryRaw<Array<{ inserted: number }>>`
    WITH inserted AS (
      INSERT INTO pairwise_comparisons (turn_a_id, turn_b_id, judge_id, pass1_winner, pass1_confidence, pass2_winner, pass2_confidence, winner, confidence, raw_output, input_tokens, output_tokens)
      VALUES (${input.turnAId}, ${input.turnBId}, ${input.judgeId},
        ${toStoredWinner(pass1.winner)}::pairwise_winner, ${pass1.confidence},
        ${toStoredWinner(pass2Mapped.winner)}::pairwise_winner, ${pass2Mapped.confidence},
        ${toStoredWinner(verdict.winner)}::pairwise_winner, ${verdict.confidence}, ${JSON.stringify(rawOutput)}::jsonb, ${inputTokens}::int, ${outputTokens}::int)
      ON CONFLICT (turn_a_id, turn_b_id, judge_id) DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM inserted), input_tokens = input_tokens + ${spent.input}, output_tokens = output_tokens + ${spent.output}, updated_at = now()
      WHERE id = ${input.jobId}
    )
    SELECT count(*)::int AS inserted FROM inserted`;
  return rows[0].inserted === 1;
}
