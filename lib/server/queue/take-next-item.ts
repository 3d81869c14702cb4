import "server-only";
import { isGoldDue } from "@/lib/queue/gold";
import { orderCandidates } from "@/lib/queue/order";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { findQueueCandidates } from "./find-queue-candidates";
import type { QueueConfig } from "./get-queue-config";
import { inScope, isGold, leaseStatement, openFor } from "./queue-conditions";
import { takeSampledItem } from "./take-sampled-item";

export type Lease = { turnId: number; expiresAt: Date };

/** Re-plans when every candidate tried was taken by other raters in the meantime. */
const MAX_ROUNDS = 8;
/**
 * The best candidates the lease statement tries, in order. Enough that raters asking at
 * the same moment spread over them (SKIP LOCKED); every one costs a few index lookups.
 */
const TRIED_PER_ROUND = 16;
/** The rater's latest ratings looked at to balance personas. */
const RECENT_RATINGS = 12;

/**
 * The item this rater should rate now, leased to them: the one they already hold if its
 * lease runs and it is in scope (a reload does not consume another item), else a gold item
 * when one is due, else under the sampled design (issue 21) an escalated or a random open
 * turn with its inclusion probability (take-sampled-item.ts), else the best open turn by
 * the queue order (lib/queue/order.ts). Each
 * lease is taken by one short statement that locks the chosen queue row with FOR UPDATE
 * SKIP LOCKED and inserts into rating_leases, whose primary key is the turn, so two raters
 * never hold the same lease. Null when nothing is left for this rater.
 */
export async function takeNextItem(raterId: number, config: QueueConfig, options: { random?: () => number } = {}): Promise<Lease | null> {
  const state = await readRaterState(raterId, config);
  if (state.held) return state.held;

  if (state.ratedCount !== null && isGoldDue(state.ratedCount, config.settings.goldRate)) {
    const gold = await leaseGoldItem(raterId, config);
    if (gold) return gold;
  }
  if (config.escalation?.design === "sampled") return takeSampledItem(raterId, config, config.escalation, options.random ?? Math.random);

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const candidates = await findQueueCandidates(raterId, config);
    if (candidates.length === 0) return null;
    const ordered = orderCandidates(candidates, { cutoffs: config.cutoffs, recentPersonas: state.recentPersonas });
    const leased = await leaseFirstOpen(raterId, ordered.slice(0, TRIED_PER_ROUND).map((c) => c.turnId), config);
    if (leased) return leased;
  }
  return null;
}

type RaterState = { held: Lease | null; ratedCount: number | null; recentPersonas: string[] };

/**
 * In one round trip: the rater's unexpired lease in scope (their expired or out-of-scope
 * leases are released), their count of ratings when gold items are on, and the personas of
 * their latest ratings.
 */
async function readRaterState(raterId: number, { settings, scope }: QueueConfig): Promise<RaterState> {
  const ratedCount =
    settings.goldRate > 0 ? Prisma.sql`(SELECT count(*)::int FROM ratings WHERE rater_id = ${raterId}::int AND criterion = 'overall')` : Prisma.sql`NULL::int`;
  const [row] = await getDb().$queryRaw<{ turn_id: number | null; expires_at: Date | null; rated_count: number | null; recent_personas: string[] }[]>`
    WITH mine AS (
      SELECT l.turn_id, l.expires_at,
        l.expires_at > now() AND EXISTS (SELECT 1 FROM queue_items q WHERE q.turn_id = l.turn_id AND ${inScope(scope)}) AS keep
      FROM rating_leases l WHERE l.rater_id = ${raterId}::int
    ), released AS (
      DELETE FROM rating_leases l USING mine
      WHERE l.turn_id = mine.turn_id AND l.rater_id = ${raterId}::int AND NOT mine.keep
    ), held AS (
      SELECT turn_id, expires_at FROM mine WHERE keep ORDER BY expires_at DESC LIMIT 1
    )
    SELECT held.turn_id, held.expires_at, ${ratedCount} AS rated_count,
      ARRAY(
        SELECT q.persona_id FROM ratings r JOIN queue_items q ON q.turn_id = r.turn_id
        WHERE r.rater_id = ${raterId}::int AND r.criterion = 'overall'
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${RECENT_RATINGS}::int
      ) AS recent_personas
    FROM (SELECT 1) AS one LEFT JOIN held ON true`;
  return {
    held: row.turn_id !== null && row.expires_at ? { turnId: row.turn_id, expiresAt: row.expires_at } : null,
    ratedCount: row.rated_count,
    recentPersonas: row.recent_personas,
  };
}

async function leaseGoldItem(raterId: number, { settings, scope }: QueueConfig): Promise<Lease | null> {
  const pick = Prisma.sql`
    SELECT g.turn_id FROM gold_items g JOIN queue_items q ON q.turn_id = g.turn_id
    WHERE g.criterion = 'overall' AND ${inScope(scope)} AND ${openFor(raterId, settings)}
    ORDER BY g.id LIMIT 1
    FOR UPDATE OF g SKIP LOCKED`;
  const rows = await getDb().$queryRaw<Lease[]>(leaseStatement(pick, raterId, settings));
  return rows[0] ?? null;
}

/** Leases the first of `turnIds` still open, in their order; null when all were taken. */
async function leaseFirstOpen(raterId: number, turnIds: number[], { settings }: QueueConfig): Promise<Lease | null> {
  const pick = Prisma.sql`
    SELECT q.turn_id FROM unnest(${turnIds}::int[]) WITH ORDINALITY AS c(turn_id, position)
    JOIN queue_items q ON q.turn_id = c.turn_id
    WHERE q.rating_count < ${settings.ratingsPerTurn}::int AND ${openFor(raterId, settings)} AND NOT ${isGold}
    ORDER BY c.position LIMIT 1
    FOR UPDATE OF q SKIP LOCKED`;
  const rows = await getDb().$queryRaw<Lease[]>(leaseStatement(pick, raterId, settings));
  return rows[0] ?? null;
}
