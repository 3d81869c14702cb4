import "server-only";
import { getDb } from "../db";
import type { QueueConfig } from "./get-queue-config";
import { inScope, isGold } from "./queue-conditions";

export type QueueTotals = {
  items: number;
  /** Items with k ratings or more. */
  complete: number;
  /** Items with some ratings but fewer than k. */
  partial: number;
  unrated: number;
  leasedNow: number;
  ratingsWanted: number;
  goldItems: number;
};

export type RaterActivity = {
  raterId: number;
  name: string;
  email: string;
  ratings: number;
  ratingsToday: number;
  medianTimeMs: number | null;
  lastRatedAt: Date | null;
  hasLease: boolean;
};

/** For the admin view: how far the queue's scope is, and each rater's part in it. */
export async function getQueueProgress({ settings, scope }: QueueConfig): Promise<{ totals: QueueTotals; raters: RaterActivity[] }> {
  const db = getDb();
  const k = settings.ratingsPerTurn;
  const [[totals], raters] = await Promise.all([
    db.$queryRaw<QueueTotals[]>`
      SELECT count(*) FILTER (WHERE NOT gold)::int AS items,
        count(*) FILTER (WHERE NOT gold AND rating_count >= ${k}::int)::int AS complete,
        count(*) FILTER (WHERE NOT gold AND rating_count > 0 AND rating_count < ${k}::int)::int AS partial,
        count(*) FILTER (WHERE NOT gold AND rating_count = 0)::int AS unrated,
        count(*) FILTER (WHERE leased)::int AS "leasedNow",
        COALESCE(sum(GREATEST(${k}::int - rating_count, 0)) FILTER (WHERE NOT gold), 0)::int AS "ratingsWanted",
        count(*) FILTER (WHERE gold)::int AS "goldItems"
      FROM (
        SELECT q.rating_count, ${isGold} AS gold,
          EXISTS (SELECT 1 FROM rating_leases l WHERE l.turn_id = q.turn_id AND l.expires_at > now()) AS leased
        FROM queue_items q WHERE ${inScope(scope)}
      ) items`,
    db.$queryRaw<RaterActivity[]>`
      SELECT u.id AS "raterId", u.name, u.email, count(*)::int AS ratings,
        count(*) FILTER (WHERE r.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS "ratingsToday",
        percentile_cont(0.5) WITHIN GROUP (ORDER BY r.time_spent_ms) AS "medianTimeMs",
        max(r.created_at) AS "lastRatedAt",
        EXISTS (SELECT 1 FROM rating_leases l WHERE l.rater_id = u.id AND l.expires_at > now()) AS "hasLease"
      FROM ratings r
      JOIN queue_items q ON q.turn_id = r.turn_id
      JOIN users u ON u.id = r.rater_id
      WHERE r.criterion = 'overall' AND r.source = 'queue' AND ${inScope(scope)}
      GROUP BY u.id
      ORDER BY ratings DESC, u.name`,
  ]);
  return { totals, raters };
}
