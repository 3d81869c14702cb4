import "server-only";
import { getDb } from "../db";

/**
 * The persona ids in the queue, by a skip scan of the (persona_id, …) index: one index probe
 * per persona, however many turns there are.
 */
export async function listQueuePersonas(): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ persona_id: string }[]>`
    WITH RECURSIVE personas AS (
      (SELECT persona_id FROM queue_items ORDER BY persona_id LIMIT 1)
      UNION ALL
      SELECT (SELECT q.persona_id FROM queue_items q WHERE q.persona_id > p.persona_id ORDER BY q.persona_id LIMIT 1)
      FROM personas p WHERE p.persona_id IS NOT NULL
    )
    SELECT persona_id FROM personas WHERE persona_id IS NOT NULL`;
  return rows.map((row) => row.persona_id);
}
