import "server-only";
import { UNDO_WINDOW_MS } from "@/lib/queue/undo";
import { fromStoredValue, type RatingValues, type StoredValue } from "@/lib/rubric/rating-values";
import { getDb } from "../db";
import { DomainError } from "../errors";
import type { Lease } from "./take-next-item";

export type UndoneRating = {
  turnId: number;
  values: RatingValues;
  rationale: string | null;
  /** The turn leased back to the rater, or null when another rater took it meanwhile. */
  lease: Lease | null;
};

/**
 * Takes back the rater's latest rating if it is less than 30 seconds old (by the
 * database's clock): its rows go, the item the rater was on is released, and the undone
 * turn is leased back to them so they can rate it again. Throws when there is nothing to undo.
 */
export async function undoLastRating(raterId: number, leaseMinutes: number): Promise<UndoneRating> {
  return getDb().$transaction(async (tx) => {
    const [last] = await tx.$queryRaw<{ turn_id: number }[]>`
      SELECT turn_id FROM ratings
      WHERE rater_id = ${raterId}::int AND criterion = 'overall' AND source = 'queue'
        AND created_at > now() - make_interval(secs => ${UNDO_WINDOW_MS / 1000}::float8)
      ORDER BY created_at DESC, id DESC LIMIT 1`;
    if (!last) throw new DomainError("invalid", "There is no rating from the last 30 seconds to undo.");
    const turnId = last.turn_id;
    // Same lock order as submitting: the queue row first, then ratings and leases.
    await tx.$queryRaw`SELECT turn_id FROM queue_items WHERE turn_id = ${turnId}::int FOR UPDATE`;
    const removed = await tx.$queryRaw<(StoredValue & { criterion: string; rationale: string | null; inclusion_probability: number | null; is_escalated: boolean })[]>`
      DELETE FROM ratings WHERE turn_id = ${turnId}::int AND rater_id = ${raterId}::int
      RETURNING criterion, level, score, label, labels, rationale, inclusion_probability, is_escalated`;
    await tx.$executeRaw`DELETE FROM rating_leases WHERE rater_id = ${raterId}::int AND turn_id <> ${turnId}::int`;
    // The item comes back as it was served: the take's inclusion probability goes with it.
    const served = removed.find((row) => row.criterion === "overall") ?? removed[0];
    const [lease] = await tx.$queryRaw<Lease[]>`
      INSERT INTO rating_leases (turn_id, rater_id, leased_at, expires_at, inclusion_probability, is_escalated)
      SELECT turn_id, ${raterId}::int, now(), now() + make_interval(mins => ${leaseMinutes}::int),
        ${served?.inclusion_probability ?? null}::float8, ${served?.is_escalated ?? false}::boolean
      FROM queue_items WHERE turn_id = ${turnId}::int
      ON CONFLICT (turn_id) DO UPDATE
        SET rater_id = EXCLUDED.rater_id, leased_at = EXCLUDED.leased_at, expires_at = EXCLUDED.expires_at,
          inclusion_probability = EXCLUDED.inclusion_probability, is_escalated = EXCLUDED.is_escalated
        WHERE rating_leases.expires_at <= now() OR rating_leases.rater_id = EXCLUDED.rater_id
      RETURNING turn_id AS "turnId", expires_at AS "expiresAt"`;
    const values: RatingValues = {};
    for (const row of removed) {
      const value = fromStoredValue(row);
      if (value !== null) values[row.criterion] = value;
    }
    const rationale = removed.find((row) => row.rationale)?.rationale ?? null;
    return { turnId, values, rationale, lease: lease ?? null };
  });
}
