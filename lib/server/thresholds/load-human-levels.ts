import "server-only";
import { humanLevel } from "@/lib/agreement/human-level";
import { scorePool } from "./score-pool";

/**
 * turn id → human level on the four quality levels, for every turn with an "overall"
 * rating or an adjudicated label: the lower median of the ratings, or the adjudication.
 */
export async function loadHumanLevels(): Promise<Map<number, number>> {
  const pool = scorePool();
  const [ratings, adjudications] = await Promise.all([
    pool.query<{ turn_id: number; levels: number[] }>(
      "SELECT turn_id, array_agg(level) AS levels FROM ratings WHERE criterion = 'overall' AND level BETWEEN 1 AND 4 GROUP BY turn_id",
    ),
    pool.query<{ turn_id: number; level: number }>("SELECT turn_id, level FROM adjudications WHERE criterion = 'overall' AND level BETWEEN 1 AND 4"),
  ]);
  const adjudicated = new Map(adjudications.rows.map((row) => [row.turn_id, row.level]));
  const levels = new Map<number, number>();
  for (const row of ratings.rows) {
    const level = humanLevel(row.levels, adjudicated.get(row.turn_id) ?? null);
    if (level !== null) levels.set(row.turn_id, level);
  }
  for (const [turnId, level] of adjudicated) levels.set(turnId, level);
  return levels;
}
