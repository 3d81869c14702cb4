import "server-only";
import { getDb } from "../db";

/** Which of these turns this judge has already answered: a score (levels, numeric) or a label. */
export async function findScoredTurns(judgeId: number, turnIds: readonly number[]): Promise<Set<number>> {
  if (turnIds.length === 0) return new Set();
  const rows = await getDb().$queryRaw<Array<{ turn_id: number }>>`
    SELECT turn_id FROM judge_scores WHERE judge_id = ${judgeId} AND turn_id = ANY(${[...turnIds]}::int[])
    UNION
    SELECT turn_id FROM judge_labels WHERE judge_id = ${judgeId} AND turn_id = ANY(${[...turnIds]}::int[])`;
  return new Set(rows.map((row) => row.turn_id));
}
