import "server-only";
import { getDb } from "../db";

export type GoldItemRow = {
  id: number;
  turnId: number;
  personaId: string;
  excerpt: string;
  level: number;
  note: string | null;
  createdAt: Date;
  createdByName: string | null;
  /** Ratings made on it as a gold item, and how many matched. */
  timesRated: number;
  timesCorrect: number;
};

/** The gold items on the "overall" criterion, newest first. */
export async function listGoldItems(): Promise<GoldItemRow[]> {
  return getDb().$queryRaw<GoldItemRow[]>`
    SELECT g.id, g.turn_id AS "turnId", t.persona_id AS "personaId", left(t.response, 160) AS excerpt, g.level, g.note,
      g.created_at AS "createdAt", u.name AS "createdByName",
      count(r.id)::int AS "timesRated", count(r.id) FILTER (WHERE r.level = g.level)::int AS "timesCorrect"
    FROM gold_items g
    JOIN turns t ON t.id = g.turn_id
    LEFT JOIN users u ON u.id = g.created_by_id
    LEFT JOIN ratings r ON r.turn_id = g.turn_id AND r.criterion = g.criterion AND r.is_gold
    WHERE g.criterion = 'overall'
    GROUP BY g.id, t.id, u.name
    ORDER BY g.created_at DESC, g.id DESC`;
}
