import "server-only";
import type { QueueView } from "@/lib/queue/queue-view";
import { undoSecondsLeft, UNDO_WINDOW_MS } from "@/lib/queue/undo";
import { getDb } from "../db";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import { getQueueItem } from "./get-queue-item";
import type { Lease } from "./take-next-item";

/** Everything the rating page shows for one leased item (or for an empty queue). */
export async function getQueueView(
  raterId: number,
  lease: Lease | null,
  extra: { notice?: string | null; prefill?: QueueView["prefill"] } = {},
): Promise<QueueView> {
  const [item, rubric, undo] = await Promise.all([lease ? getQueueItem(lease.turnId) : null, getActiveRubric(), findUndoable(raterId)]);
  return { item, rubric, undo, prefill: extra.prefill ?? null, notice: extra.notice ?? null };
}

/** The rater's latest rating while it can still be undone (by the database's clock). */
async function findUndoable(raterId: number): Promise<QueueView["undo"]> {
  const [row] = await getDb().$queryRaw<{ turn_id: number; created_at: Date; now: Date }[]>`
    SELECT turn_id, created_at, now() AS now FROM ratings
    WHERE rater_id = ${raterId}::int AND criterion = 'overall' AND source = 'queue'
      AND created_at > now() - make_interval(secs => ${UNDO_WINDOW_MS / 1000}::float8)
    ORDER BY created_at DESC, id DESC LIMIT 1`;
  if (!row) return null;
  const secondsLeft = undoSecondsLeft(row.created_at, row.now);
  return secondsLeft > 0 ? { turnId: row.turn_id, secondsLeft } : null;
}
