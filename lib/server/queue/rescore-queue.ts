import "server-only";
import { getDb } from "../db";

/** Queue rows per range: each range is one transaction holding its rows for about half a second. */
const BATCH = 50_000;
/**
 * The next round: up to two ranges, each rescored on its own connection (a change of display
 * judge is CPU-bound in PostgreSQL). `isFinal` when fewer than two full ranges were left.
 */
type Plan = { judgeId: number | null; after: number | null; ends: number[]; isFinal: boolean; last: number | null };

/**
 * The display judge, the watermark, and the ends of the next two ranges of `batchSize` queue
 * rows after it (each found at an offset on the primary key from the one before; fewer when
 * fewer are left), with the last queue row's id.
 */
async function readPlan(batchSize: number): Promise<Plan> {
  const [row] = await getDb().$queryRaw<Array<{ judge_id: number | null; after: number | null; end1: number | null; end2: number | null; last: number | null }>>`
    SELECT d.judge_id, d.queue_rescore_after AS after, e1.turn_id AS end1, e2.turn_id AS end2, (SELECT max(turn_id) FROM queue_items) AS last
    FROM session_display d
    LEFT JOIN LATERAL (
      SELECT q.turn_id FROM queue_items q WHERE q.turn_id > d.queue_rescore_after ORDER BY q.turn_id OFFSET ${batchSize}::int - 1 LIMIT 1) e1 ON true
    LEFT JOIN LATERAL (
      SELECT q.turn_id FROM queue_items q WHERE q.turn_id > e1.turn_id ORDER BY q.turn_id OFFSET ${batchSize}::int - 1 LIMIT 1) e2 ON true`;
  if (!row) return { judgeId: null, after: null, ends: [], isFinal: true, last: null };
  const ends = [row.end1, row.end2].filter((end): end is number => end !== null);
  return { judgeId: row.judge_id, after: row.after, ends, isFinal: row.end2 === null, last: row.last };
}

/**
 * Finishes the rating queue's rescore after a change of display judge (migration
 * "queue_scoring_judge"): ranges of `batchSize` queue rows after the stored watermark take
 * their score under the display judge, two ranges at a time on separate connections
 * (migration "queue_rescore_ranges"), and the watermark then moves past them, until none is
 * left. The watermark moves by compare-and-set: when another process moved it meanwhile, or a
 * new change of display judge reset it, the next round starts from where it is. Returns the
 * queue rows read. Safe to run twice at once, here or with rescore_queue_batch.
 */
export async function rescoreQueue(batchSize = BATCH): Promise<number> {
  const db = getDb();
  let total = 0;
  for (;;) {
    const plan = await readPlan(batchSize);
    if (plan.after === null) return total;
    const { isFinal } = plan;
    const ends = isFinal && plan.last !== null && plan.last > (plan.ends.at(-1) ?? plan.after) ? [...plan.ends, plan.last] : plan.ends;
    const starts = [plan.after, ...ends.slice(0, -1)];
    const done = await Promise.all(
      ends.map(
        (end, k) => db.$queryRaw<Array<{ done: boolean }>>`SELECT rescore_queue_range(${plan.judgeId}::int, ${starts[k]}::int, ${end}::int) AS done`,
      ),
    );
    if (done.some(([row]) => !row.done)) continue;
    const through = isFinal ? null : ends[ends.length - 1];
    await db.$executeRaw`
      UPDATE session_display SET queue_rescore_after = ${through}::int
      WHERE judge_id IS NOT DISTINCT FROM ${plan.judgeId}::int AND queue_rescore_after = ${plan.after}::int`;
    total += isFinal ? await countBetween(plan.after, ends.at(-1) ?? plan.after) : ends.length * batchSize;
  }
}

/** Queue rows with turn ids in (after, upTo]: the last round's, fewer than a round. */
async function countBetween(after: number, upTo: number): Promise<number> {
  const [{ n }] = await getDb().$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM queue_items WHERE turn_id > ${after}::int AND turn_id <= ${upTo}::int`;
  return n;
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
