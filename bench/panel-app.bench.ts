// `npm run bench panel-app`: creating a panel in the app (lib/server/panels/create-panel.ts:
// one INSERT … SELECT in one transaction, with the triggers that keep the sessions list,
// the queue and the report's tables) over 1,000,000 turns scored and labelled by 5 judges,
// in a throwaway embedded PostgreSQL. Issue 21's target: a panel of 5 judges' aggregation
// over 10⁶ turns under 2 s. PANEL_BENCH_TURNS=<n> fills n turns instead.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { register } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const TURNS = Number(process.env.PANEL_BENCH_TURNS ?? 1_000_000);
const TURNS_PER_SESSION = 100;
const JUDGES = 5;
const TARGET_MS = 2000;

/** Sessions, turns, and 5 judges whose scores and labels share a per-turn error (as the demo panel's). */
const FILL = [
  `SET LOCAL session_replication_role = replica`,
  `SELECT setseed(0.21)`,
  `INSERT INTO eval_sessions (external_id, content_hash, started_at, turn_count)
   SELECT 'bench-' || i, md5(i::text), timestamptz '2026-01-05' + i * interval '3 minutes', ${TURNS_PER_SESSION} FROM generate_series(1, ${TURNS / TURNS_PER_SESSION}) i`,
  `INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw)
   SELECT s.id, o, (ARRAY['thesis', 'antithesis', 'synthesis'])[1 + o % 3], 'r', 40, '{}'::jsonb
   FROM eval_sessions s CROSS JOIN generate_series(0, ${TURNS_PER_SESSION - 1}) o`,
  `INSERT INTO judges (name, version, kind) SELECT 'bench-judge-' || j, '1', 'imported' FROM generate_series(1, ${JUDGES}) j`,
  `CREATE TEMP TABLE shared_error AS SELECT id AS turn_id, random() - 0.5 AS e, random() AS truth FROM turns`,
  `INSERT INTO judge_scores (turn_id, judge_id, overall_score, is_imported)
   SELECT s.turn_id, j.id, least(1, greatest(0, s.truth + 0.3 * s.e + 0.15 * (random() - 0.5))), true FROM shared_error s, judges j`,
  `INSERT INTO judge_labels (turn_id, judge_id, label, is_imported)
   SELECT s.turn_id, j.id, CASE WHEN s.truth + 0.3 * s.e + 0.2 * (random() - 0.5) > 0.66 THEN 'good' WHEN s.truth + 0.3 * s.e + 0.2 * (random() - 0.5) > 0.33 THEN 'fair' ELSE 'poor' END, true
   FROM shared_error s, judges j`,
];

const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-panel-"));
chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
const db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench" });
try {
  const { applyMigrations } = await import("../lib/server/migrate.ts");
  await applyMigrations(db.url);
  process.env.DATABASE_URL = db.url;
  const { getDb } = await import("../lib/server/db.ts");
  const { createPanel, panelAnswersSql } = await import("../lib/server/panels/create-panel.ts");
  const started = performance.now();
  await getDb().$transaction(async (tx) => {
    for (const statement of FILL) await tx.$executeRawUnsafe(statement);
  }, { timeout: 1_800_000, maxWait: 60_000 });
  await getDb().$executeRawUnsafe(`VACUUM ANALYZE`);
  console.log(`panel-app: ${TURNS.toLocaleString("en")} turns × ${JUDGES} judges, scores and labels (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const members = (await getDb().judge.findMany({ where: { name: { startsWith: "bench-judge-" } }, orderBy: { id: "asc" }, select: { id: true } })).map((judge) => judge.id);
  const verdict = (ms: number) => (ms < TARGET_MS ? "BELOW TARGET" : "ABOVE TARGET");
  for (const aggregate of ["mean", "median", "vote"] as const) {
    const start = performance.now();
    const panel = await createPanel({ name: `bench-panel-${aggregate}`, members, aggregate });
    const ms = performance.now() - start;
    // The same statement with the bookkeeping triggers off, rolled back: what the aggregation
    // itself costs, apart from keeping the sessions list, queue and report tables.
    let bare = 0;
    await getDb()
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
        const [{ id }] = await tx.$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ('bench-bare', '1', 'panel') RETURNING id`);
        const start = performance.now();
        await tx.$executeRawUnsafe(panelAnswersSql(aggregate), members, id, members.length);
        bare = performance.now() - start;
        throw new Error("rollback");
      }, { timeout: 600_000 })
      .catch((error: Error) => {
        if (error.message !== "rollback") throw error;
      });
    console.log(`  ${aggregate.padEnd(6)} ${panel.turns.toLocaleString("en")} answers stored in ${(ms / 1000).toFixed(2)} s (the aggregation alone, triggers off: ${(bare / 1000).toFixed(2)} s); target < ${TARGET_MS / 1000} s — ${verdict(ms)}`);
  }
  console.log(`  (load average now ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
  await getDb().$disconnect();
} finally {
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
