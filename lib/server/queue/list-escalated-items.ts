import "server-only";
import type { QueueScope } from "@/lib/queue/settings.schema";
import { getDb } from "../db";
import { inScope } from "./queue-conditions";

export type EscalatedItem = {
  turnId: number;
  sessionId: number;
  /** The session's own id and the turn's number in it (from 1), for the link. */
  sessionKey: string;
  turnNumber: number;
  personaId: string;
  excerpt: string;
  reasons: string[];
  priority: number;
  ratingCount: number;
};
export type EscalationOverview = {
  /** Escalated items in scope, by reason (an item with two reasons counts under both). */
  byReason: Record<string, number>;
  /** Escalated items in scope still wanting ratings. */
  open: number;
  /** The most urgent escalated items in scope still wanting ratings. */
  items: EscalatedItem[];
};

/** For admins only: what escalation holds in the queue's scope (never sent to raters). */
export async function listEscalatedItems(scope: QueueScope, ratingsPerTurn: number, limit = 15): Promise<EscalationOverview> {
  const db = getDb();
  const [counts, items] = await Promise.all([
    db.$queryRaw<{ reason: string; n: number }[]>`
      SELECT reason, count(*)::int AS n
      FROM queue_items q CROSS JOIN LATERAL unnest(q.escalation_reasons) AS reason
      WHERE q.escalation_priority > 0 AND ${inScope(scope)}
      GROUP BY reason`,
    db.$queryRaw<EscalatedItem[]>`
      SELECT q.turn_id AS "turnId", q.session_id AS "sessionId", s.external_id AS "sessionKey", t.ordinal + 1 AS "turnNumber", q.persona_id AS "personaId", left(t.response, 140) AS excerpt,
        q.escalation_reasons AS reasons, q.escalation_priority AS priority, q.rating_count AS "ratingCount"
      FROM queue_items q JOIN turns t ON t.id = q.turn_id JOIN eval_sessions s ON s.id = q.session_id
      WHERE q.escalation_priority > 0 AND q.rating_count < ${ratingsPerTurn}::int AND ${inScope(scope)}
      ORDER BY q.escalation_priority DESC, q.turn_id LIMIT ${limit}::int`,
  ]);
  const byReason: Record<string, number> = {};
  for (const row of counts) byReason[row.reason] = row.n;
  const [{ open }] = await db.$queryRaw<{ open: number }[]>`
    SELECT count(*)::int AS open FROM queue_items q
    WHERE q.escalation_priority > 0 AND q.rating_count < ${ratingsPerTurn}::int AND ${inScope(scope)}`;
  return { byReason, open, items };
}
