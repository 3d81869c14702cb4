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
/** The first migration of the second round; "round1" is every migration older than it. */
const FIRST_ROUND2 = "20261127130300_judge_scores_drop_overall_index";
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

/** before: as before issue 20's write-path work; round1: after its first round; now: as it is. */
export type WritePathVersion = "before" | "round1" | "now";

/** CREATE OR REPLACE statements that put the write path's functions in the given version. */
export function writePathFunctions(version: WritePathVersion): string {
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => /^\d{14}_/.test(name))
    .sort()
    .filter((name) => version === "now" || name < (version === "before" ? FIRST_NEW : FIRST_ROUND2));
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
 * foreign keys of judge_scores or the triggers that replace them (migration
 * "judge_scores_set_based_references"), and the queue's priority index over every row or
 * over escalated rows only (migration "queue_rescore_inline_escalation").
 */
const REFERENCE_TRIGGERS = [
  ["judge_scores_check_references_insert", "judge_scores"],
  ["judge_scores_check_references_update", "judge_scores"],
  ["turns_delete_judge_scores", "turns"],
  ["judges_delete_judge_scores", "judges"],
  ["turns_truncate_judge_scores", "turns"],
  ["judges_truncate_judge_scores", "judges"],
  ["turns_refuse_id_change", "turns"],
  ["judges_refuse_id_change", "judges"],
];
const SCHEMA: Record<WritePathVersion, string> = {
  before: `
${REFERENCE_TRIGGERS.map(([trigger, table]) => `DROP TRIGGER IF EXISTS "${trigger}" ON "${table}";`).join("\n")}
ALTER TABLE "judge_scores" DROP CONSTRAINT IF EXISTS "judge_scores_turn_id_fkey", DROP CONSTRAINT IF EXISTS "judge_scores_judge_id_fkey";
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
DROP INDEX IF EXISTS "queue_items_escalated_priority_turn_id_idx";
CREATE INDEX IF NOT EXISTS "queue_items_escalation_priority_turn_id_idx" ON "queue_items"("escalation_priority" DESC, "turn_id");
ANALYZE queue_items;`,
  round1: "",
  now: `
ALTER TABLE "judge_scores" DROP CONSTRAINT IF EXISTS "judge_scores_turn_id_fkey", DROP CONSTRAINT IF EXISTS "judge_scores_judge_id_fkey";
CREATE OR REPLACE TRIGGER "judge_scores_check_references_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_check_references();
CREATE OR REPLACE TRIGGER "judge_scores_check_references_update" AFTER UPDATE ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_check_references();
CREATE OR REPLACE TRIGGER "turns_delete_judge_scores" AFTER DELETE ON "turns"
  REFERENCING OLD TABLE AS old_turns FOR EACH STATEMENT EXECUTE FUNCTION turns_delete_judge_scores();
CREATE OR REPLACE TRIGGER "judges_delete_judge_scores" AFTER DELETE ON "judges"
  REFERENCING OLD TABLE AS old_judges FOR EACH STATEMENT EXECUTE FUNCTION judges_delete_judge_scores();
CREATE OR REPLACE TRIGGER "turns_truncate_judge_scores" AFTER TRUNCATE ON "turns" FOR EACH STATEMENT EXECUTE FUNCTION truncate_judge_scores();
CREATE OR REPLACE TRIGGER "judges_truncate_judge_scores" AFTER TRUNCATE ON "judges" FOR EACH STATEMENT EXECUTE FUNCTION truncate_judge_scores();
CREATE OR REPLACE TRIGGER "turns_refuse_id_change" BEFORE UPDATE OF id ON "turns"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_id_change();
CREATE OR REPLACE TRIGGER "judges_refuse_id_change" BEFORE UPDATE OF id ON "judges"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_id_change();
DROP INDEX IF EXISTS "queue_items_escalation_priority_turn_id_idx";
CREATE INDEX IF NOT EXISTS "queue_items_escalated_priority_turn_id_idx" ON "queue_items"("escalation_priority" DESC, "turn_id")
  WHERE "escalation_priority" > 0;
ANALYZE queue_items;`,
};
// The second round (migrations "judge_scores_drop_overall_index",
// "rated_unit_scores_set_based_references", "queue_items_drop_session_index"): before it,
// the two indexes and the foreign keys.
const RATED_UNIT_SCORES_FKEYS = `
DROP TRIGGER IF EXISTS "rated_unit_scores_check_references_insert" ON "rated_unit_scores";
DROP TRIGGER IF EXISTS "rated_unit_scores_check_references_update" ON "rated_unit_scores";
ALTER TABLE "rated_unit_scores" DROP CONSTRAINT IF EXISTS "rated_unit_scores_turn_id_fkey", DROP CONSTRAINT IF EXISTS "rated_unit_scores_judge_id_fkey";
ALTER TABLE "rated_unit_scores" ADD CONSTRAINT "rated_unit_scores_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "rated_unit_scores" ADD CONSTRAINT "rated_unit_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX IF NOT EXISTS "judge_scores_judge_id_overall_score_idx" ON "judge_scores"("judge_id", "overall_score");
CREATE INDEX IF NOT EXISTS "queue_items_session_id_idx" ON "queue_items"("session_id");`;
SCHEMA.before += RATED_UNIT_SCORES_FKEYS;
SCHEMA.round1 = SCHEMA.now + RATED_UNIT_SCORES_FKEYS;
SCHEMA.now += `
ALTER TABLE "rated_unit_scores" DROP CONSTRAINT IF EXISTS "rated_unit_scores_turn_id_fkey", DROP CONSTRAINT IF EXISTS "rated_unit_scores_judge_id_fkey";
CREATE OR REPLACE TRIGGER "rated_unit_scores_check_references_insert" AFTER INSERT ON "rated_unit_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION rated_unit_scores_check_references();
CREATE OR REPLACE TRIGGER "rated_unit_scores_check_references_update" AFTER UPDATE ON "rated_unit_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION rated_unit_scores_check_references();
DROP INDEX IF EXISTS "judge_scores_judge_id_overall_score_idx";
DROP INDEX IF EXISTS "queue_items_session_id_idx";`;

function lastDefinition(sql: string, name: string): string | null {
  const pattern = new RegExp(`CREATE (OR REPLACE )?FUNCTION "${name}"\\(`, "g");
  let start = -1;
  for (let match = pattern.exec(sql); match !== null; match = pattern.exec(sql)) start = match.index;
  if (start < 0) return null;
  const body = sql.indexOf("$$", start);
  const end = sql.indexOf("$$;", body + 2) + 3;
  return sql.slice(start, end).replace(/^CREATE FUNCTION/, "CREATE OR REPLACE FUNCTION");
}
