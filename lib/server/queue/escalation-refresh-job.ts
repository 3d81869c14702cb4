import "server-only";
import { z } from "zod";
import { getDb } from "../db";
import type { JobHandler } from "../jobs/job-types";

/**
 * The job that recomputes every queue item's escalation after a change of the escalation
 * limits (minimum confidence, minimum vote share, maximum panel spread). The settings trigger
 * enqueues it, at most one pending (migration "escalation_refresh_off_save_path").
 */
export const ESCALATION_REFRESH_JOB_KIND = "queue-escalation-refresh";

/** Queue items per transaction. */
export const ESCALATION_REFRESH_BATCH = 5_000;

const payloadSchema = z.object({ afterTurnId: z.number().int().min(0) });

/**
 * Refreshes the queue's escalation in turn order, a batch of turn ids per transaction; each
 * batch commits with the job's progress (the last turn id done and the count), so a job
 * resumed after a crash or a restart starts after the last committed batch. Idempotent: a
 * refresh writes only rows whose reasons or priority differ, and reads the settings in force
 * when the batch runs.
 */
export const runEscalationRefreshJob: JobHandler = async (job, context) => {
  let { afterTurnId } = payloadSchema.parse(job.payload);
  const db = getDb();
  let completed = afterTurnId === 0 ? 0 : job.completed;
  const [{ left }] = await db.$queryRaw<Array<{ left: number }>>`SELECT count(*)::int AS left FROM queue_items WHERE turn_id > ${afterTurnId}`;
  await db.$executeRaw`UPDATE jobs SET total = ${completed + left}, completed = ${completed}, updated_at = now() WHERE id = ${job.id}`;
  for (;;) {
    if (context.isStopping()) return "interrupted";
    context.signal.throwIfAborted();
    const done = await refreshEscalationBatch(job.id, afterTurnId);
    if (done === null) return "done";
    afterTurnId = done.lastTurnId;
    completed += done.count;
  }
};

/**
 * Refreshes the next batch of queue items after this turn id and records the progress on the
 * job in the same transaction; null when no item is left.
 */
export async function refreshEscalationBatch(jobId: number, afterTurnId: number, size = ESCALATION_REFRESH_BATCH): Promise<{ lastTurnId: number; count: number } | null> {
  return getDb().$transaction(async (tx) => {
    const ids = (await tx.$queryRaw<Array<{ turn_id: number }>>`
      SELECT turn_id FROM queue_items WHERE turn_id > ${afterTurnId} ORDER BY turn_id LIMIT ${size}`).map((row) => row.turn_id);
    if (ids.length === 0) return null;
    // The refresh's statements are cached by PL/pgSQL; after a few calls on one connection a
    // generic plan (the ids unknown) hashes every queue row: about 30 times slower per batch.
    await tx.$executeRaw`SET LOCAL plan_cache_mode = force_custom_plan`;
    await tx.$queryRaw`SELECT refresh_queue_escalation(${ids}::int[]) AS changed`;
    const lastTurnId = ids[ids.length - 1];
    await tx.$executeRaw`
      UPDATE jobs SET payload = jsonb_build_object('afterTurnId', ${lastTurnId}::int), completed = completed + ${ids.length},
        total = GREATEST(total, completed + ${ids.length}), updated_at = now()
      WHERE id = ${jobId}`;
    return { lastTurnId, count: ids.length };
  });
}

export type EscalationRefreshState = { items: number; done: number };

/**
 * The full refresh waiting or under way, if any: how many queue items it covers and how many
 * it has done (a job not yet started covers every queue item).
 */
export async function getEscalationRefreshState(): Promise<EscalationRefreshState | null> {
  const rows = await getDb().$queryRaw<Array<{ status: string; total: number; completed: number }>>`
    SELECT status::text AS status, total, completed FROM jobs
    WHERE kind = ${ESCALATION_REFRESH_JOB_KIND} AND status IN ('pending', 'running') ORDER BY id`;
  if (rows.length === 0) return null;
  const [{ n }] = await getDb().$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM queue_items`;
  // A running job and a pending one after it: the pending one will go over every item again.
  const current = rows.find((row) => row.status === "pending") ?? rows[0];
  const items = current.total > 0 ? current.total : n;
  return { items, done: Math.min(current.completed, items) };
}
