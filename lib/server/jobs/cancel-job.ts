import "server-only";
import { getDb } from "../db";
import { DomainError } from "../errors";

/** Cancels a pending or running job; a worker running it stops at its next lease renewal. */
export async function cancelJob(jobId: number): Promise<void> {
  const count = await getDb().$executeRaw`
    UPDATE jobs SET status = 'cancelled', locked_by = NULL, locked_until = NULL, updated_at = now()
    WHERE id = ${jobId} AND status IN ('pending', 'running')`;
  if (count === 0) throw new DomainError("conflict", "That run has already finished.");
}
