import "server-only";
import { getDb } from "../db";

export type ServedTurn = { probability: number; isEscalated: boolean; day: number };

/**
 * Per turn, how the sampled queue design served it: its first queue rating's inclusion
 * probability, whether the escalation share served it, and the UTC day of that rating. Only
 * ratings with a probability are read (a partial index holds them), so a scope rated the
 * ordered way costs one index probe.
 */
export async function findInclusionProbabilities(turnIds: readonly number[]): Promise<Map<number, ServedTurn>> {
  if (turnIds.length === 0) return new Map();
  const rows = await getDb().$queryRaw<{ turn_id: number; inclusion_probability: number; is_escalated: boolean; day: number }[]>`
    SELECT DISTINCT ON (turn_id) turn_id, inclusion_probability, is_escalated, floor(extract(epoch FROM created_at) / 86400)::int AS day
    FROM ratings
    WHERE inclusion_probability IS NOT NULL AND turn_id = ANY(${turnIds as number[]}::int[])
      AND criterion = 'overall' AND source = 'queue' AND rater_id IS NOT NULL
    ORDER BY turn_id, created_at, id`;
  return new Map(rows.map((row) => [row.turn_id, { probability: row.inclusion_probability, isEscalated: row.is_escalated, day: row.day }]));
}
