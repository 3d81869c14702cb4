import "server-only";
import { getDb } from "../db";

const MAX_ERROR_CHARS = 1000;

/**
 * Records that one item of a job failed: counted in `failed`, named with its error in
 * payload.failures (so a resumed job skips it and the runs page can show it), and kept as
 * the job's last_error. Recording the same item twice changes nothing.
 */
export async function recordJobItemFailure(jobId: number, item: string, error: string): Promise<void> {
  const message = error.length > MAX_ERROR_CHARS ? `${error.slice(0, MAX_ERROR_CHARS)}…` : error;
  await getDb().$executeRaw`
    UPDATE jobs SET failed = failed + 1, last_error = ${`${item}: ${message}`},
      payload = jsonb_set(payload, '{failures}', COALESCE(payload->'failures', '[]'::jsonb) || jsonb_build_array(jsonb_build_object('item', ${item}::text, 'error', ${message}::text))),
      updated_at = now()
    WHERE id = ${jobId}
      AND NOT COALESCE(payload->'failures', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('item', ${item}::text))`;
}
