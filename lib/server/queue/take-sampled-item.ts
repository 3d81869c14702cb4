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
/** Candidates the lease statement tries in order, so raters asking at once spread over them. */
const TRIED_PER_ROUND = 16;

type PoolRow = { size: number; escalated: number; top: number[] };

/**
 * The sampled design's take (lib/queue/inclusion.ts has the rule and the formula): with
 * probability `share` the most urgent escalated open item, otherwise a uniformly random open
 * item (a uniform position in the pool ordered by turn id, and the first open item from
 * there on). The lease records the take's inclusion probability and whether the escalation
 * share served it; a rating copies both. `random` is the source of the two draws (seeded in
 * tests). Counting the pool reads every open item in scope, so a take costs O(pool): the
 * price of a probability that is exactly known.
 */
export async function takeSampledItem(raterId: number, config: QueueConfig, escalation: EscalationSettings, random: () => number): Promise<Lease | null> {
  const { settings, scope } = config;
  const open = Prisma.sql`${inScope(scope)} AND ${openFor(raterId, settings)} AND NOT ${isGold} AND q.rating_count < ${settings.ratingsPerTurn}::int`;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [pool] = await getDb().$queryRaw<PoolRow[]>`
      SELECT count(*)::int AS size, count(*) FILTER (WHERE q.escalation_priority > 0)::int AS escalated,
        ARRAY(
          SELECT q.turn_id FROM queue_items q WHERE ${open} AND q.escalation_priority > 0
          ORDER BY q.escalation_priority DESC, q.turn_id LIMIT ${TRIED_PER_ROUND}::int
        ) AS top
      FROM queue_items q WHERE ${open}`;
    if (pool.size === 0) return null;
    const isEscalatedTake = takesEscalated(random(), escalation.share, pool.escalated);
    const candidates = isEscalatedTake ? pool.top : await randomCandidates(open, Math.floor(random() * pool.size), pool.size);
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

/** Open items from `offset` on in turn-id order, wrapping round to the start. */
async function randomCandidates(open: Prisma.Sql, offset: number, size: number): Promise<number[]> {
  const page = (skip: number, take: number) => getDb().$queryRaw<{ turn_id: number }[]>`
    SELECT q.turn_id FROM queue_items q WHERE ${open} ORDER BY q.turn_id OFFSET ${skip}::int LIMIT ${take}::int`;
  const rows = await page(offset, TRIED_PER_ROUND);
  const missing = Math.min(TRIED_PER_ROUND, size) - rows.length;
  if (missing > 0 && offset > 0) rows.push(...(await page(0, Math.min(missing, offset))));
  return rows.map((row) => row.turn_id);
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
