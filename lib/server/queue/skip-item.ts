import "server-only";
import { getDb } from "../db";
import { asyncCommit } from "./queue-conditions";

/**
 * The rater passes on a turn: their lease is released for someone else, and the turn is
 * not offered to them again until the skip cool-down has passed. Returns false when the
 * turn is not in the queue. Committed without waiting for the disk, as leases are
 * (see asyncCommit).
 */
export async function skipItem(raterId: number, turnId: number): Promise<boolean> {
  const skipped = await getDb().$executeRaw`
    WITH released AS (
      DELETE FROM rating_leases WHERE turn_id = ${turnId}::int AND rater_id = ${raterId}::int
    )
    INSERT INTO rating_skips (turn_id, rater_id, skipped_at)
    SELECT turn_id, ${raterId}::int, now() FROM queue_items, ${asyncCommit} WHERE turn_id = ${turnId}::int
    ON CONFLICT (turn_id, rater_id) DO UPDATE SET skipped_at = EXCLUDED.skipped_at`;
  return skipped > 0;
}
