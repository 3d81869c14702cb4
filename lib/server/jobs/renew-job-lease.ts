import "server-only";
import { getDb } from "../db";

/** Extends this worker's lease; false when the job was cancelled or another worker took it. */
export async function renewJobLease(jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const count = await getDb().$executeRaw`
    UPDATE jobs SET locked_until = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running'`;
  return count === 1;
}
