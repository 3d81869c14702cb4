import "server-only";
import type { QueueScope } from "@/lib/queue/settings.schema";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { inScope } from "./queue-conditions";

export type RaterQuality = {
  raterId: number;
  name: string;
  /** "overall" ratings by this rater. */
  rated: number;
  meanLevel: number;
  /** Gold items rated as gold (is_gold), and how many of those matched the agreed level. */
  goldRated: number;
  goldCorrect: number;
  /** goldCorrect / goldRated; null when the rater has rated no gold item. */
  goldAccuracy: number | null;
  /**
   * Mean over the turns this rater shares with other raters of (their level − the mean
   * level of the others on that turn): above 0 the rater is more lenient than their peers,
   * below 0 stricter. Null when they share no turn with anyone.
   */
  leniency: number | null;
  /** Turns that leniency is computed over. */
  sharedItems: number;
};

/**
 * Each rater's gold accuracy and leniency on the "overall" criterion (for the queue's admin
 * view and the agreement report, issue 9). Computed in SQL so it scales with the ratings
 * table: for rater i on turn t with n_t ratings summing to S_t, the others' mean is
 * (S_t − x_it) / (n_t − 1). Pass a scope to restrict it to the queue's turns in scope.
 */
export async function getRaterQuality(scope?: QueueScope): Promise<RaterQuality[]> {
  const from = scope ? Prisma.sql`ratings r JOIN queue_items q ON q.turn_id = r.turn_id AND ${inScope(scope)}` : Prisma.sql`ratings r`;
  const rows = await getDb().$queryRaw<RaterQuality[]>`
    WITH rated AS (
      SELECT r.turn_id, r.rater_id, r.level, r.is_gold FROM ${from}
      WHERE r.criterion = 'overall' AND r.rater_id IS NOT NULL AND r.level IS NOT NULL
    ), per_turn AS (
      SELECT turn_id, sum(level)::float8 AS level_sum, count(*) AS n FROM rated GROUP BY turn_id HAVING count(*) > 1
    ), leniency AS (
      SELECT rated.rater_id, avg(rated.level - (t.level_sum - rated.level) / (t.n - 1)) AS leniency, count(*)::int AS shared
      FROM rated JOIN per_turn t USING (turn_id) GROUP BY rated.rater_id
    ), gold AS (
      SELECT rated.rater_id, count(*)::int AS gold_rated, count(*) FILTER (WHERE rated.level = g.level)::int AS gold_correct
      FROM rated JOIN gold_items g ON g.turn_id = rated.turn_id AND g.criterion = 'overall'
      WHERE rated.is_gold GROUP BY rated.rater_id
    ), mean AS (
      SELECT rater_id, count(*)::int AS rated, avg(level)::float8 AS mean_level FROM rated GROUP BY rater_id
    )
    SELECT u.id AS "raterId", u.name, mean.rated, mean.mean_level AS "meanLevel",
      COALESCE(gold.gold_rated, 0) AS "goldRated", COALESCE(gold.gold_correct, 0) AS "goldCorrect",
      gold.gold_correct::float8 / NULLIF(gold.gold_rated, 0) AS "goldAccuracy",
      leniency.leniency::float8 AS leniency, COALESCE(leniency.shared, 0) AS "sharedItems"
    FROM mean JOIN users u ON u.id = mean.rater_id
    LEFT JOIN gold ON gold.rater_id = mean.rater_id
    LEFT JOIN leniency ON leniency.rater_id = mean.rater_id
    ORDER BY u.name, u.id`;
  return rows;
}
