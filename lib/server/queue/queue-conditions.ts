import "server-only";
import type { QueueScope, QueueSettings } from "@/lib/queue/settings.schema";
import { Prisma } from "@/prisma/generated/client";

// SQL conditions shared by the queue's queries, on queue_items aliased as `q`. Kept in one
// place so that taking an item, leasing one by id and counting the work left agree on what
// "in scope" and "open for this rater" mean.

/** The turn is in the queue's scope (persona, import, date range). */
export function inScope(scope: QueueScope): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (scope.personaId) parts.push(Prisma.sql`q.persona_id = ${scope.personaId}`);
  if (scope.importId) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM eval_sessions s WHERE s.id = q.session_id AND s.import_id = ${scope.importId}::int)`);
  }
  if (scope.from) parts.push(Prisma.sql`q.occurred_at >= (${scope.from}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (scope.to) parts.push(Prisma.sql`q.occurred_at < (${scope.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return parts.length > 0 ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/** A gold item: served at the gold rate, outside the k-ratings rule. */
export const isGold = Prisma.sql`EXISTS (SELECT 1 FROM gold_items g WHERE g.turn_id = q.turn_id AND g.criterion = 'overall')`;

/**
 * The rater may be given the turn now: nobody holds an unexpired lease on it, the rater has
 * not rated it, and has not skipped it within the cool-down.
 */
export function openFor(raterId: number, settings: QueueSettings): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM rating_leases l WHERE l.turn_id = q.turn_id AND l.expires_at > now())
    AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.turn_id = q.turn_id AND r.rater_id = ${raterId}::int AND r.criterion = 'overall')
    AND NOT EXISTS (
      SELECT 1 FROM rating_skips sk WHERE sk.turn_id = q.turn_id AND sk.rater_id = ${raterId}::int
        AND sk.skipped_at > now() - make_interval(secs => ${settings.skipCooldownHours * 3600}::float8)
    )`;
}

/**
 * Commits the statement's transaction without waiting for the WAL flush. Only for writes
 * that are worth less than a disk flush: a lease expires by itself and a skip only hides an
 * item for a while, so a crash that loses the last few milliseconds of them loses nothing,
 * while waiting for the flush made taking an item several times slower. Ratings are
 * committed the ordinary, durable way.
 */
export const asyncCommit = Prisma.sql`(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;

/** Takes the lease on the turn `pick` yields, unless someone holds an unexpired one. */
export function leaseStatement(pick: Prisma.Sql, raterId: number, settings: QueueSettings): Prisma.Sql {
  return Prisma.sql`WITH pick AS (${pick})
    INSERT INTO rating_leases (turn_id, rater_id, leased_at, expires_at)
    SELECT turn_id, ${raterId}::int, now(), now() + make_interval(mins => ${settings.leaseMinutes}::int) FROM pick, ${asyncCommit}
    ON CONFLICT (turn_id) DO UPDATE
      SET rater_id = EXCLUDED.rater_id, leased_at = EXCLUDED.leased_at, expires_at = EXCLUDED.expires_at,
        inclusion_probability = NULL, is_escalated = false
      WHERE rating_leases.expires_at <= now()
    RETURNING turn_id AS "turnId", expires_at AS "expiresAt"`;
}
