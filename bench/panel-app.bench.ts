// `npm run bench panel-app`: a panel's answers in the app (lib/server/panels/create-panel.ts's
// storePanelAnswers: the members' answers read as typed columns in turn order, aggregated by
// lib/stats/panel, written with one COPY) over 1,000,000 turns scored and labelled by 5 judges,
// in a throwaway embedded PostgreSQL. Issue 21's target, "a panel of 5 judges' aggregation over
// 10⁶ turns under 2 s", is for the aggregation: (a) reading the members' answers and computing
// the panel's. (b) Storing the answers is printed apart, with the triggers that keep the
// sessions list, queue and report tables, and without them, since those belong to other work.
// Each run is rolled back, so the data stays as filled.
//   PANEL_BENCH_TURNS=<n>   fill n turns instead of 10⁶.
//   PANEL_BENCH_DIR=<dir>   keep the database in dir and reuse it if already filled.
//   PANEL_BENCH_TRIGGERS=0  skip the store with the triggers (minutes at 10⁶ on a busy machine);
//                           the aggregation is then timed on the run with the triggers off.
//   PANEL_BENCH_OLD=1|0     also time the INSERT … SELECT … GROUP BY this replaced, in the same
//                           process on the same data (default: on up to 200,000 turns).
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { register } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startCpuClock } from "./cpu-time.ts";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const TURNS = Number(process.env.PANEL_BENCH_TURNS ?? 1_000_000);
const TURNS_PER_SESSION = 100;
const JUDGES = 5;
const TARGET_MS = 2000;
const WITH_TRIGGERS = process.env.PANEL_BENCH_TRIGGERS !== "0";
const WITH_OLD = process.env.PANEL_BENCH_OLD ? process.env.PANEL_BENCH_OLD === "1" : TURNS <= 200_000;

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

/** The statements this replaced (set-based, in one INSERT … SELECT … GROUP BY turn): $1 member ids, $2 the panel judge, $3 k. */
const OLD_MEMBERS = `SELECT judge_id, pos FROM unnest($1::int[]) WITH ORDINALITY AS m(judge_id, pos)`;
const OLD_SQL = {
  mean: `INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, is_imported)
    SELECT s.turn_id, $2, avg(s.overall_score), jsonb_build_object('panel', jsonb_object_agg(m.pos, s.overall_score)), false
    FROM judge_scores s JOIN (${OLD_MEMBERS}) m ON m.judge_id = s.judge_id GROUP BY s.turn_id HAVING count(*) = $3`,
  median: `INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, is_imported)
    SELECT s.turn_id, $2, percentile_cont(0.5) WITHIN GROUP (ORDER BY s.overall_score), jsonb_build_object('panel', jsonb_object_agg(m.pos, s.overall_score)), false
    FROM judge_scores s JOIN (${OLD_MEMBERS}) m ON m.judge_id = s.judge_id GROUP BY s.turn_id HAVING count(*) = $3`,
  vote: `WITH answers AS (SELECT l.turn_id, l.label, m.pos FROM judge_labels l JOIN (${OLD_MEMBERS}) m ON m.judge_id = l.judge_id WHERE l.label IS NOT NULL),
    complete AS (SELECT turn_id FROM answers GROUP BY turn_id HAVING count(*) = $3),
    counted AS (SELECT a.turn_id, a.label, count(*) AS votes, min(a.pos) AS first FROM answers a JOIN complete c ON c.turn_id = a.turn_id GROUP BY a.turn_id, a.label)
    INSERT INTO judge_labels (turn_id, judge_id, label, confidence, is_imported)
    SELECT DISTINCT ON (turn_id) turn_id, $2, label, votes::float8 / $3, false FROM counted ORDER BY turn_id, votes DESC, first`,
};

const keptDir = process.env.PANEL_BENCH_DIR;
const dir = keptDir ?? mkdtempSync(path.join(tmpdir(), "concord-bench-panel-"));
mkdirSync(dir, { recursive: true });
chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
const db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench", port: 0 });
try {
  const { applyMigrations } = await import("../lib/server/migrate.ts");
  await applyMigrations(db.url);
  process.env.DATABASE_URL = db.url;
  const { getDb } = await import("../lib/server/db.ts");
  const { storePanelAnswers } = await import("../lib/server/panels/create-panel.ts");
  const { withImportTransaction, closeImportPool } = await import("../lib/server/import/with-import-transaction.ts");
  const [{ n }] = await getDb().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM turns`);
  if (n === 0) {
    const started = performance.now();
    await getDb().$transaction(async (tx) => {
      for (const statement of FILL) await tx.$executeRawUnsafe(statement);
    }, { timeout: 3_600_000, maxWait: 60_000 });
    await getDb().$executeRawUnsafe(`VACUUM ANALYZE`);
    console.log(`panel-app: filled ${TURNS.toLocaleString("en")} turns × ${JUDGES} judges, scores and labels in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else if (n !== TURNS) throw new Error(`${dir} holds ${n} turns, not ${TURNS}: set PANEL_BENCH_TURNS=${n} or use another PANEL_BENCH_DIR`);
  console.log(`panel-app: a panel of ${JUDGES} judges over ${TURNS.toLocaleString("en")} turns (scores and labels); target: the aggregation (read + compute) < ${TARGET_MS / 1000} s`);
  const members = (await getDb().judge.findMany({ where: { name: { startsWith: "bench-judge-" } }, orderBy: { id: "asc" }, select: { id: true } })).map((judge) => judge.id);

  /** Runs `work` on a new panel judge in a transaction that is rolled back; triggers off when `bare`. */
  async function rolledBack(bare: boolean, work: (client: import("pg").ClientBase, judgeId: number) => Promise<void>): Promise<void> {
    await withImportTransaction(async (client) => {
      if (bare) await client.query(`SET LOCAL session_replication_role = replica`);
      const [{ id }] = (await client.query<{ id: number }>(`INSERT INTO judges (name, version, kind) VALUES ('bench-panel', '1', 'panel') RETURNING id`)).rows;
      await work(client, id);
    }, { isDryRun: true });
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const cpu = (c: { node: number; postgres: number }) => `CPU ${seconds(c.node + c.postgres)} = Node ${seconds(c.node)} + PostgreSQL ${seconds(c.postgres)}`;

  for (const aggregate of ["mean", "median", "vote"] as const) {
    for (const bare of WITH_TRIGGERS ? [false, true] : [true]) {
      let clock = startCpuClock(dir);
      let start = performance.now();
      let aggregation = { ms: 0, cpu: { node: 0, postgres: 0 } };
      let turns = 0;
      await rolledBack(bare, async (client, id) => {
        clock = startCpuClock(dir);
        start = performance.now();
        await storePanelAnswers(client, id, members, aggregate, (answered) => {
          aggregation = { ms: performance.now() - start, cpu: clock.stop() };
          turns = answered;
          clock = startCpuClock(dir);
          start = performance.now();
        });
      });
      const store = { ms: performance.now() - start, cpu: clock.stop() }; // includes the rollback, a few ms
      if (!bare || !WITH_TRIGGERS) {
        const verdict = (ms: number) => (ms < TARGET_MS ? "BELOW TARGET" : "ABOVE TARGET");
        const cpuMs = aggregation.cpu.node + aggregation.cpu.postgres;
        console.log(`  ${aggregate.padEnd(6)} ${turns.toLocaleString("en")} answers`);
        console.log(`    (a) aggregation, read + compute: ${seconds(aggregation.ms)} wall (${cpu(aggregation.cpu)}); target < ${TARGET_MS / 1000} s — wall ${verdict(aggregation.ms)}, CPU ${verdict(cpuMs)}`);
        if (!bare) console.log(`    (b) store, COPY with the triggers:  ${seconds(store.ms)} wall (${cpu(store.cpu)}); no target of its own`);
        else console.log(`    (b) store with the triggers: not run (PANEL_BENCH_TRIGGERS=0)`);
      }
      if (bare) {
        console.log(`        store, COPY, triggers off:      ${seconds(store.ms)} wall (${cpu(store.cpu)}); the triggers' share is the difference`);
      }
    }
    if (WITH_OLD) {
      const clock = startCpuClock(dir);
      const start = performance.now();
      await rolledBack(true, async (client, id) => {
        await client.query(OLD_SQL[aggregate], [members, id, members.length]);
      });
      console.log(`        before: INSERT … SELECT … GROUP BY turn, triggers off: ${seconds(performance.now() - start)} wall (${cpu(clock.stop())}) for (a) + (b) together`);
    }
  }
  console.log(`  (load average now ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores; on a busy machine the CPU figures are the ones to read: a quiet machine's wall time is at most their sum)`);
  await closeImportPool();
  await getDb().$disconnect();
} finally {
  await db.stop();
  if (!keptDir) rmSync(dir, { recursive: true, force: true });
}
