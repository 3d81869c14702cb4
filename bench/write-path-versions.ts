// The write path's trigger functions as they were before issue 20's write-path work (the
// migrations from "queue_escalation_moved_near_cutoff" on) and as they are now, read from the
// migration files (the few schema changes of that work are written out below), so that a
// bench can time both on the same data in the same run: it installs one set, times, installs
// the other, times, and alternates.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const MIGRATIONS = path.join(import.meta.dirname, "../prisma/migrations");
/** The first migration of the write-path work; "before" is every migration older than it. */
const FIRST_NEW = "20261127092412_queue_escalation_moved_near_cutoff";
const FUNCTIONS = [
  "queue_items_escalation_update",
  "queue_items_escalation_insert",
  "queue_escalation_rows",
  "refresh_queue_escalation",
  "refresh_session_scores",
  "refresh_session_texts",
  "turns_refresh_sessions",
  "queue_items_add_scored",
  "rescore_queue_batch",
  "set_session_display_judge",
  "judge_scores_refresh_sessions",
  "refresh_rated_turn_counts",
];

/** before: as before issue 20's write-path work; now: as it is. */
export type WritePathVersion = "before" | "now";

/** CREATE OR REPLACE statements that put the write path's functions in the given version. */
export function writePathFunctions(version: WritePathVersion): string {
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => /^\d{14}_/.test(name))
    .sort()
    .filter((name) => version === "now" || name < FIRST_NEW);
  const latest = new Map<string, string>();
  for (const migration of migrations) {
    const sql = readFileSync(path.join(MIGRATIONS, migration, "migration.sql"), "utf8");
    for (const name of FUNCTIONS) {
      const definition = lastDefinition(sql, name);
      if (definition !== null) latest.set(name, definition);
    }
  }
  const missing = FUNCTIONS.filter((name) => !latest.has(name));
  if (missing.length > 0) throw new Error(`no definition of ${missing.join(", ")} in the migrations`);
  return [...latest.values(), SCHEMA[version]].join("\n");
}

/**
 * The write path's schema besides its functions, as before and as now (idempotent): the
 * queue's priority index over every row or over escalated rows only (migration
 * "queue_rescore_inline_escalation"), and the two indexes dropped since (migrations
 * "judge_scores_drop_overall_index", "queue_items_drop_session_index"). The foreign keys of
 * judge_scores and rated_unit_scores are the same in both: statement triggers replaced them
 * for a while, and deadlocked (migration "score_foreign_keys_back").
 */
const SCHEMA: Record<WritePathVersion, string> = {
  before: `
DROP INDEX IF EXISTS "queue_items_escalated_priority_turn_id_idx";
CREATE INDEX IF NOT EXISTS "queue_items_escalation_priority_turn_id_idx" ON "queue_items"("escalation_priority" DESC, "turn_id");
CREATE INDEX IF NOT EXISTS "judge_scores_judge_id_overall_score_idx" ON "judge_scores"("judge_id", "overall_score");
CREATE INDEX IF NOT EXISTS "queue_items_session_id_idx" ON "queue_items"("session_id");
ANALYZE queue_items;`,
  now: `
DROP INDEX IF EXISTS "queue_items_escalation_priority_turn_id_idx";
CREATE INDEX IF NOT EXISTS "queue_items_escalated_priority_turn_id_idx" ON "queue_items"("escalation_priority" DESC, "turn_id")
  WHERE "escalation_priority" > 0;
DROP INDEX IF EXISTS "judge_scores_judge_id_overall_score_idx";
DROP INDEX IF EXISTS "queue_items_session_id_idx";
ANALYZE queue_items;`,
};

function lastDefinition(sql: string, name: string): string | null {
  const pattern = new RegExp(`CREATE (OR REPLACE )?FUNCTION "${name}"\\(`, "g");
  let start = -1;
  for (let match = pattern.exec(sql); match !== null; match = pattern.exec(sql)) start = match.index;
  if (start < 0) return null;
  const body = sql.indexOf("$$", start);
  const end = sql.indexOf("$$;", body + 2) + 3;
  return sql.slice(start, end).replace(/^CREATE FUNCTION/, "CREATE OR REPLACE FUNCTION");
}
