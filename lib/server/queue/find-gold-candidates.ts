import "server-only";
import type { QueueScope } from "@/lib/queue/settings.schema";
import { getDb } from "../db";
import { inScope } from "./queue-conditions";

export type GoldCandidate = { turnId: number; personaId: string; excerpt: string; agreedLevel: number; raters: number };

/**
 * Turns that make good gold items: rated by two or more people who all chose the same level
 * (the level they agree on becomes the gold label), in scope, not gold already; latest first.
 */
export async function findGoldCandidates(scope: QueueScope, limit = 10): Promise<GoldCandidate[]> {
  return getDb().$queryRaw<GoldCandidate[]>`
    SELECT q.turn_id AS "turnId", q.persona_id AS "personaId", left(t.response, 160) AS excerpt,
      agreed.level AS "agreedLevel", agreed.raters
    FROM (
      SELECT turn_id, min(level) AS level, count(*)::int AS raters, max(created_at) AS last_rated
      FROM ratings WHERE criterion = 'overall' AND level IS NOT NULL
      GROUP BY turn_id HAVING count(*) >= 2 AND min(level) = max(level)
    ) agreed
    JOIN queue_items q ON q.turn_id = agreed.turn_id
    JOIN turns t ON t.id = q.turn_id
    WHERE ${inScope(scope)} AND NOT EXISTS (SELECT 1 FROM gold_items g WHERE g.turn_id = q.turn_id AND g.criterion = 'overall')
    ORDER BY agreed.last_rated DESC, q.turn_id DESC
    LIMIT ${limit}::int`;
}
