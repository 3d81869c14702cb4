import "server-only";
import { pricesOf } from "@/lib/cascade/cost";
import type { CostBasis, TurnTokens } from "@/lib/cascade/cascade-figures";
import { getDb } from "../db";

/**
 * How a judge's cost is reckoned — the heuristic judge is free; another judge costs its
 * recorded tokens at the prices its endpoint has now (none: "no prices set") — and its
 * tokens on the given turns (scores and labels; a turn has one of each judge at most).
 */
export async function findJudgeCosts(judgeId: number, turnIds: readonly number[]): Promise<{ basis: CostBasis; tokens: Map<number, TurnTokens> }> {
  const db = getDb();
  const judge = await db.judge.findUniqueOrThrow({ where: { id: judgeId }, select: { kind: true, endpoint: { select: { inputPricePerMillion: true, outputPricePerMillion: true } } } });
  const rows = await db.$queryRaw<{ turn_id: number; input_tokens: number | null; output_tokens: number | null }[]>`
    SELECT turn_id, input_tokens, output_tokens FROM judge_scores WHERE judge_id = ${judgeId} AND turn_id = ANY(${turnIds}::int[])
    UNION ALL
    SELECT turn_id, input_tokens, output_tokens FROM judge_labels WHERE judge_id = ${judgeId} AND turn_id = ANY(${turnIds}::int[])`;
  const tokens = new Map(rows.map((row) => [row.turn_id, { input: row.input_tokens, output: row.output_tokens }]));
  return { basis: { isFree: judge.kind === "heuristic", prices: pricesOf(judge.endpoint) }, tokens };
}
