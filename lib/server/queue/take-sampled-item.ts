import "server-only";
import type { EscalationSettings } from "@/lib/queue/escalation.schema";
import { inclusionProbability, takesEscalated } from "@/lib/queue/inclusion";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import type { QueueConfig } from "./get-queue-config";
import { asyncCommit, inScope, isGold, openFor } from "./queue-conditions";
import type { Lease } from "./take-next-item";

/** Re-plans when every candidate tried was taken by other raters in the meantime. */
const MAX_ROUNDS = 8;
/** Escalated candidates the lease statement tries in order, so raters asking at once spread over them. */
const TRIED_PER_ROUND = 16;
/** Uniform draws per round before re-counting the pool (a draw that lands on an item not open is redrawn). */
const MAX_DRAWS = 32;

type PoolRow = { base: number; size: number; escalated: number; top: number[] };

/**
 * The sampled design's take (lib/queue/inclusion.ts has the rule and the formula): with
 * probability `share` the most urgent escalated open item, otherwise a uniformly random open
 * item, drawn by rejection: a uniform position among the items in scope that want ratings
 * (ordered by turn id), redrawn when that item is not open to this rater (leased, rated or
 * skipped by them), so every open item is equally likely. The lease records the take's
 * inclusion probability and whether the escalation share served it; a rating copies both.
 * `random` is the source of the draws (seeded in tests). The pool is counted as the items in
 * scope wanting ratings minus the few this rater may not take (live leases, their ratings and
 * skips), so a take reads the scope's index once rather than probing three tables per item;
 * it is still O(items in scope): the price of a probability that is exactly known.
 */
export async function takeSampledItem(raterId: number, config: QueueConfig, escalation: EscalationSettings, random: () => number): Promise<Lease | null> {
  const { settings, scope } = config;
  const wanting = Prisma.sql`${inScope(scope)} AND NOT ${isGold} AND q.rating_count < ${settings.ratingsPerTurn}::int`;
  const open = Prisma.sql`${wanting} AND ${openFor(raterId, settings)}`;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [pool] = await getDb().$queryRaw<PoolRow[]>`
      WITH blocked AS (
        SELECT turn_id FROM rating_leases WHERE expires_at > now()
        UNION SELECT turn_id FROM ratings WHERE rater_id = ${raterId}::int AND criterion = 'overall'
        UNION SELECT turn_id FROM rating_skips
          WHERE rater_id = ${raterId}::int AND skipped_at > now() - make_interval(secs => ${settings.skipCooldownHours * 3600}::float8)
      ), everything AS (
        SELECT count(*)::int AS n, count(*) FILTER (WHERE q.escalation_priority > 0)::int AS e FROM queue_items q WHERE ${wanting}
      ), closed AS (
        SELECT count(*)::int AS n, count(*) FILTER (WHERE q.escalation_priority > 0)::int AS e
        FROM blocked b JOIN queue_items q ON q.turn_id = b.turn_id WHERE ${wanting}
      )
      SELECT everything.n AS base, everything.n - closed.n AS size, everything.e - closed.e AS escalated,
        ARRAY(
          SELECT q.turn_id FROM queue_items q WHERE ${open} AND q.escalation_priority > 0
          ORDER BY q.escalation_priority DESC, q.turn_id LIMIT ${TRIED_PER_ROUND}::int
        ) AS top
      FROM everything, closed`;
    if (pool.size <= 0) return null;
    const isEscalatedTake = takesEscalated(random(), escalation.share, pool.escalated);
    const candidates = isEscalatedTake ? pool.top : await drawUniform(wanting, open, pool.base, random);
    const probabilityOf = (isTop: boolean) =>
      inclusionProbability({ share: escalation.share, poolSize: pool.size, escalatedSize: pool.escalated, isTopEscalated: isTop });
    const leased = await leaseFirst(raterId, candidates, config, {
      topTurnId: pool.escalated > 0 ? pool.top[0] : null,
      topProbability: probabilityOf(true),
      otherProbability: probabilityOf(false),
      isEscalated: isEscalatedTake,
    });
    if (leased) return leased;
  }
  return null;
}

/** One uniformly random open item, by rejection (see takeSampledItem); none after MAX_DRAWS misses. */
async function drawUniform(wanting: Prisma.Sql, open: Prisma.Sql, base: number, random: () => number): Promise<number[]> {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const offset = Math.floor(random() * base);
    const [row] = await getDb().$queryRaw<{ turn_id: number; is_open: boolean }[]>`
      SELECT q.turn_id, (${open}) AS is_open FROM queue_items q WHERE ${wanting} ORDER BY q.turn_id OFFSET ${offset}::int LIMIT 1`;
    if (row?.is_open) return [row.turn_id];
  }
  return [];
}

type Draw = { topTurnId: number | null; topProbability: number; otherProbability: number; isEscalated: boolean };

/** Leases the first of `turnIds` still open, in their order, with the take's probability. */
async function leaseFirst(raterId: number, turnIds: number[], { settings }: QueueConfig, draw: Draw): Promise<Lease | null> {
  const rows = await getDb().$queryRaw<Lease[]>`
    WITH pick AS (
      SELECT q.turn_id FROM unnest(${turnIds}::int[]) WITH ORDINALITY AS c(turn_id, position)
      JOIN queue_items q ON q.turn_id = c.turn_id
      WHERE q.rating_count < ${settings.ratingsPerTurn}::int AND ${openFor(raterId, settings)} AND NOT ${isGold}
      ORDER BY c.position LIMIT 1
      FOR UPDATE OF q SKIP LOCKED
    )
    INSERT INTO rating_leases (turn_id, rater_id, leased_at, expires_at, inclusion_probability, is_escalated)
    SELECT turn_id, ${raterId}::int, now(), now() + make_interval(mins => ${settings.leaseMinutes}::int),
      CASE WHEN turn_id = ${draw.topTurnId}::int THEN ${draw.topProbability}::float8 ELSE ${draw.otherProbability}::float8 END,
      ${draw.isEscalated}::boolean
    FROM pick, ${asyncCommit}
    ON CONFLICT (turn_id) DO UPDATE
      SET rater_id = EXCLUDED.rater_id, leased_at = EXCLUDED.leased_at, expires_at = EXCLUDED.expires_at,
        inclusion_probability = EXCLUDED.inclusion_probability, is_escalated = EXCLUDED.is_escalated
      WHERE rating_leases.expires_at <= now()
    RETURNING turn_id AS "turnId", expires_at AS "expiresAt"`;
  return rows[0] ?? null;
}
