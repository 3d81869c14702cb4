import "server-only";
import { getDb } from "../db";

/**
 * Ends a job this worker holds: "failed" with `error` when the handler gave up on the
 * whole job, else "done" — or "failed" when every item failed and none was completed.
 */
export async function finishJob(jobId: number, workerId: string, error: string | null = null): Promise<boolean> {
  const count = await getDb().$executeRaw`
    UPDATE jobs SET
      status = CASE WHEN ${error}::text IS NOT NULL OR (failed > 0 AND completed = 0) THEN 'failed'::job_status ELSE 'done'::job_status END,
      last_error = COALESCE(${error}::text, last_error),
      locked_by = NULL, locked_until = NULL, updated_at = now()
    WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running'`;
  return count === 1;
}
