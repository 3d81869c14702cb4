import "server-only";
import { getDb } from "../db";

/** Which of these turns this judge has already scored. */
export async function findScoredTurns(judgeId: number, turnIds: readonly number[]): Promise<Set<number>> {
  if (turnIds.length === 0) return new Set();
  const rows = await getDb().judgeScore.findMany({ where: { judgeId, turnId: { in: [...turnIds] } }, select: { turnId: true } });
  return new Set(rows.map((row) => row.turnId));
}
