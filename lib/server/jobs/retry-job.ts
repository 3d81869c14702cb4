import "server-only";
import { getDb } from "../db";
import { DomainError } from "../errors";

/**
 * Queues a finished, failed or cancelled job again: its failed items are tried once more
 * and the items already done are skipped by the handler, so nothing is done twice.
 */
export async function retryJob(jobId: number): Promise<void> {
  const count = await getDb().$executeRaw`
    UPDATE jobs SET status = 'pending', failed = 0, attempts = 0, last_error = NULL, run_after = now(),
      payload = jsonb_set(payload, '{failures}', '[]'::jsonb), updated_at = now()
    WHERE id = ${jobId} AND status IN ('done', 'failed', 'cancelled') AND (status <> 'done' OR failed > 0)`;
  if (count === 0) throw new DomainError("conflict", "Only a cancelled run, or one with failures, can be retried.");
}
