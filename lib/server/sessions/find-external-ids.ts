import "server-only";
import { getDb } from "../db";

/** Each session's own id (the log's `session_id`) by database key, for labels and links. */
export async function findExternalIds(ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await getDb().$queryRawUnsafe<{ id: number; external_id: string }[]>(
    "SELECT id, external_id FROM eval_sessions WHERE id = ANY($1::int[])",
    unique,
  );
  return new Map(rows.map((row) => [row.id, row.external_id]));
}
