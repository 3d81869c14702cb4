import "server-only";
import { getDb } from "../db";
import type { QueueConfig } from "./get-queue-config";
import { inScope } from "./queue-conditions";
import type { Lease } from "./take-next-item";

export type LeaseTurnOutcome =
  | { status: "leased"; lease: Lease }
  | { status: "refused"; message: string };

/**
 * Opens one turn by id (`/queue?turn=…`) when this rater may rate it: it is in the queue,
 * they have not rated it, it still wants ratings (or is a gold item), and nobody else holds
 * an unexpired lease on it, and it is in the queue's scope (a link must not open a turn the
 * admin has left out, as a rating needs this lease). Any other lease the rater held is released.
 */
export async function leaseTurn(raterId: number, turnId: number, { settings, scope }: QueueConfig): Promise<LeaseTurnOutcome> {
  return getDb().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ turn_id: number }[]>`SELECT turn_id FROM queue_items WHERE turn_id = ${turnId}::int FOR UPDATE`;
    if (locked.length === 0) return { status: "refused", message: `Turn ${turnId} is not in the rating queue.` } as const;
    const [item] = await tx.$queryRaw<{ in_scope: boolean; rating_count: number; is_gold: boolean; is_rated: boolean; is_held_by_other: boolean }[]>`
      SELECT q.rating_count, ${inScope(scope)} AS in_scope,
        EXISTS (SELECT 1 FROM gold_items g WHERE g.turn_id = q.turn_id AND g.criterion = 'overall') AS is_gold,
        EXISTS (SELECT 1 FROM ratings r WHERE r.turn_id = q.turn_id AND r.rater_id = ${raterId}::int AND r.criterion = 'overall') AS is_rated,
        EXISTS (SELECT 1 FROM rating_leases l WHERE l.turn_id = q.turn_id AND l.rater_id <> ${raterId}::int AND l.expires_at > now()) AS is_held_by_other
      FROM queue_items q WHERE q.turn_id = ${turnId}::int`;
    if (!item.in_scope) return { status: "refused", message: `Turn ${turnId} is outside the queue's current scope.` } as const;
    if (item.is_rated) return { status: "refused", message: `You have already rated turn ${turnId}.` } as const;
    if (!item.is_gold && item.rating_count >= settings.ratingsPerTurn) {
      return { status: "refused", message: `Turn ${turnId} already has the ratings it needs.` } as const;
    }
    if (item.is_held_by_other) return { status: "refused", message: `Another rater is rating turn ${turnId} right now.` } as const;
    await tx.$executeRaw`DELETE FROM rating_leases WHERE rater_id = ${raterId}::int AND turn_id <> ${turnId}::int`;
    const [lease] = await tx.$queryRaw<Lease[]>`
      INSERT INTO rating_leases (turn_id, rater_id, leased_at, expires_at)
      VALUES (${turnId}::int, ${raterId}::int, now(), now() + make_interval(mins => ${settings.leaseMinutes}::int))
      ON CONFLICT (turn_id) DO UPDATE SET rater_id = EXCLUDED.rater_id, leased_at = EXCLUDED.leased_at, expires_at = EXCLUDED.expires_at,
        inclusion_probability = NULL, is_escalated = false
      RETURNING turn_id AS "turnId", expires_at AS "expiresAt"`;
    return { status: "leased", lease } as const;
  });
}
