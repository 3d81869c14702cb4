import "server-only";
import { getDb } from "../db";

/**
 * Hands a job back when the worker stops cleanly (a restart, a deploy): pending again at
 * once, and the claim that was interrupted does not count against its attempts.
 */
export async function releaseJob(jobId: number, workerId: string): Promise<boolean> {
  const count = await getDb().$executeRaw`
    UPDATE jobs SET status = 'pending', locked_by = NULL, locked_until = NULL,
      attempts = GREATEST(attempts - 1, 0), run_after = now(), updated_at = now()
    WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running'`;
  return count === 1;
}
