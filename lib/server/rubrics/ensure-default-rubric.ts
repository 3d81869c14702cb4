import "server-only";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import { getDb } from "../db";

export const DEFAULT_RUBRIC_KEY = "default";

/**
 * First run (`concord bootstrap`, or the first page that needs a rubric): stores the default
 * rubric as version 1, active. Idempotent, and safe when two servers start at once: both
 * inserts are INSERT … ON CONFLICT DO NOTHING, so the loser of a race waits for the winner
 * and inserts nothing. Returns true when this call created the version.
 */
export async function ensureDefaultRubric(): Promise<boolean> {
  const db = getDb();
  await db.$executeRaw`INSERT INTO rubrics (key, name) VALUES (${DEFAULT_RUBRIC_KEY}, 'Default rubric') ON CONFLICT (key) DO NOTHING`;
  // A new statement: it sees the row even when another server's insert won the race.
  const rubric = await db.rubric.findUniqueOrThrow({ where: { key: DEFAULT_RUBRIC_KEY }, select: { id: true } });
  const inserted = await db.$executeRaw`
    INSERT INTO rubric_versions (rubric_id, version, criteria, note, is_active)
    SELECT ${rubric.id}::int, 1, ${JSON.stringify(DEFAULT_RUBRIC)}::jsonb, 'Default rubric: overall quality on the judge''s four levels', true
    WHERE NOT EXISTS (SELECT 1 FROM rubric_versions WHERE rubric_id = ${rubric.id}::int)
    ON CONFLICT DO NOTHING`;
  return inserted > 0;
}
