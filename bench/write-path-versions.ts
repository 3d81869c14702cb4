// The write path's trigger functions as they were before issue 20's write-path work (the
// migrations from "queue_escalation_moved_near_cutoff" on) and as they are now, read from the
// migration files, so that a bench can time both on the same data in the same run: it
// installs one set, times, installs the other, times, and alternates.
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
  "judge_scores_refresh_sessions",
  "refresh_rated_turn_counts",
];

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
  return [...latest.values()].join("\n");
}

function lastDefinition(sql: string, name: string): string | null {
  const pattern = new RegExp(`CREATE (OR REPLACE )?FUNCTION "${name}"\\(`, "g");
  let start = -1;
  for (let match = pattern.exec(sql); match !== null; match = pattern.exec(sql)) start = match.index;
  if (start < 0) return null;
  const body = sql.indexOf("$$", start);
  const end = sql.indexOf("$$;", body + 2) + 3;
  return sql.slice(start, end).replace(/^CREATE FUNCTION/, "CREATE OR REPLACE FUNCTION");
}
