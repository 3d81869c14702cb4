import "server-only";
import { getDb } from "../db";
import type { ClaimedJob } from "./job-types";

type Row = { id: number; kind: string; payload: unknown; total: number; completed: number; failed: number; attempts: number; endpoint_id: number | null };

/**
 * Takes the next job of these kinds: a pending one whose time has come, or a running one
 * whose worker's lease ran out (it crashed or lost the database). FOR UPDATE SKIP LOCKED
 * lets several servers claim at once without waiting on or taking each other's jobs.
 */
export async function claimJob(input: { workerId: string; kinds: readonly string[]; leaseMs: number }): Promise<ClaimedJob | null> {
  const rows = await getDb().$queryRaw<Row[]>`
    UPDATE jobs SET status = 'running', locked_by = ${input.workerId},
      locked_until = now() + ${input.leaseMs} * interval '1 millisecond',
      attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind = ANY(${[...input.kinds]}::text[])
        AND ((status = 'pending' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY run_after, id
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING id, kind, payload, total, completed, failed, attempts, endpoint_id`;
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, kind: row.kind, payload: row.payload, total: row.total, completed: row.completed, failed: row.failed, attempts: row.attempts, endpointId: row.endpoint_id };
}
