import "server-only";
import { getDb } from "../db";

/** Queue rows per batch: each batch is one transaction holding its rows for about a second. */
const BATCH = 50_000;

/**
 * Finishes the rating queue's rescore after a change of display judge (migration
 * "queue_scoring_judge"): batches of queue rows take their score under the display judge
 * until none is left. Returns the rows read. Safe to run twice at once: batches take turns.
 */
export async function rescoreQueue(batchSize = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await getDb().$queryRaw<Array<{ n: number }>>`SELECT rescore_queue_batch(${batchSize}::int) AS n`;
    total += n;
    if (n < batchSize) return total;
  }
}

let running: Promise<unknown> | null = null;

/** Starts rescoreQueue in the background unless this process runs it already. */
export function startQueueRescore(): void {
  if (running) return;
  running = rescoreQueue()
    .catch((error: unknown) => console.error("[concord] rescoring the rating queue failed; the next page load retries:", error))
    .finally(() => {
      running = null;
    });
}
