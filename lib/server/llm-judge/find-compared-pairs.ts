import "server-only";
import { getDb } from "../db";

/** Which of these pairs ("a-b") this judge has already compared. */
export async function findComparedPairs(judgeId: number, pairs: ReadonlyArray<readonly [number, number]>): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await getDb().pairwiseComparison.findMany({
    where: { judgeId, turnAId: { in: [...new Set(pairs.map(([a]) => a))] } },
    select: { turnAId: true, turnBId: true },
  });
  return new Set(rows.map((row) => `${row.turnAId}-${row.turnBId}`));
}
