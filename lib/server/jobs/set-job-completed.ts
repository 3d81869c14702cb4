import "server-only";
import { getDb } from "../db";

/** Sets a job's completed count from what is actually stored (on resume, and at the end). */
export async function setJobCompleted(jobId: number, completed: number): Promise<void> {
  await getDb().$executeRaw`UPDATE jobs SET completed = ${completed}, updated_at = now() WHERE id = ${jobId}`;
}
