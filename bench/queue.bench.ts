// `npm run bench queue`: the rating queue under load. A throwaway embedded PostgreSQL gets
// 1,000,000 scored turns (three personas, generated in SQL), 50 gold items and 100 raters;
// 100 simulated raters then work concurrently, on loopback, through the same functions the
// queue page's server action calls: read the settings, take the next item, spend a moment
// on it (0–3 s, a very fast human), submit. Prints throughput and the p50/p95/p99 latency of
// take-next and submit; target p95 < 50 ms each. A second phase with no time on the item
// shows the ceiling (it saturates the CPU, so its latencies are queueing, not the queue).
// QUEUE_BENCH_TURNS, _RATERS, _SECONDS, _STRESS_SECONDS and _THINK_MS change the sizes.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { register } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import pg from "pg";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const TURNS = Number(process.env.QUEUE_BENCH_TURNS ?? 1_000_000);
const RATERS = Number(process.env.QUEUE_BENCH_RATERS ?? 100);
const SECONDS = Number(process.env.QUEUE_BENCH_SECONDS ?? 20);
const STRESS_SECONDS = Number(process.env.QUEUE_BENCH_STRESS_SECONDS ?? 10);
/**
 * Mean time a simulated rater spends on an item, uniform on 0 … 2 × this: 1.5 s is several
 * times faster than a person reading a response, so 100 of them ask far more than 100 people.
 */
const THINK_MS = Number(process.env.QUEUE_BENCH_THINK_MS ?? 1500);
const TURNS_PER_SESSION = 100;
const GOLD_ITEMS = 50;
const TARGET_P95_MS = 50;

const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-queue-"));
chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
let db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench" });
try {
  // 100 raters need 100 connections at once, PostgreSQL allows 100 in all by default.
  await sql(db.url, `ALTER SYSTEM SET max_connections = ${RATERS + 60}`);
  await db.stop();
  db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench" });
  const { applyMigrations } = await import("../lib/server/migrate.ts");
  await applyMigrations(db.url);
  const fillSeconds = await fill(db.url);
  console.log(`queue: ${TURNS.toLocaleString("en")} scored turns, ${GOLD_ITEMS} gold items, filled in ${fillSeconds.toFixed(1)} s`);

  process.env.DATABASE_URL = db.url;
  process.env.DATABASE_POOL_SIZE = String(RATERS + 10);
  await run();
} finally {
  if (process.env.DATABASE_URL) {
    const { getDb } = await import("../lib/server/db.ts");
    await getDb().$disconnect().catch(() => {});
  }
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Sessions, turns and heuristic scores in a few set-based statements; raters and gold items. */
async function fill(url: string): Promise<number> {
  const start = performance.now();
  const sessions = Math.ceil(TURNS / TURNS_PER_SESSION);
  await sql(
    url,
    `SET synchronous_commit = off;
    SELECT setseed(0.20251122);
    INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic');
    INSERT INTO eval_sessions (external_id, content_hash, seed_prompt, started_at, turn_count)
      SELECT 'bench-' || s, md5(s::text), 'Seed prompt ' || s, timestamptz '2025-10-01' + s * interval '1 minute', ${TURNS_PER_SESSION}
      FROM generate_series(1, ${sessions}) AS s;
    INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, occurred_at, raw)
      SELECT s.id, o, (ARRAY['thesis', 'antithesis', 'synthesis'])[o % 3 + 1], 'Response ' || o || ' of session ' || s.id, 5,
        s.started_at + o * interval '1 second', '{}'::jsonb
      FROM eval_sessions s CROSS JOIN generate_series(0, ${TURNS_PER_SESSION - 1}) AS o
      WHERE s.id <= ${sessions} AND (s.id - 1) * ${TURNS_PER_SESSION} + o < ${TURNS};
    INSERT INTO judge_scores (turn_id, judge_id, overall_score)
      SELECT t.id, j.id, round(least(1, greatest(0, 0.62 + 0.15 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())))::numeric, 4)
      FROM turns t CROSS JOIN judges j;
    INSERT INTO users (email, name, role) SELECT 'rater' || n || '@bench.local', 'Rater ' || n, 'rater' FROM generate_series(1, ${RATERS}) AS n;
    INSERT INTO gold_items (turn_id, level) SELECT id, 1 + id % 4 FROM turns ORDER BY id DESC LIMIT ${GOLD_ITEMS};`,
  );
  await sql(url, "VACUUM ANALYZE");
  return (performance.now() - start) / 1000;
}

type Phase = { ratings: number; seconds: number; takes: number[]; submits: number[]; settings: number[]; empty: number; nodeCpuMsPerRating: number };

async function run(): Promise<void> {
  const { getDb } = await import("../lib/server/db.ts");
  const { getQueueConfig } = await import("../lib/server/queue/get-queue-config.ts");
  const { takeNextItem } = await import("../lib/server/queue/take-next-item.ts");
  const { submitRating } = await import("../lib/server/queue/submit-rating.ts");
  const { getActiveRubric } = await import("../lib/server/rubrics/get-active-rubric.ts");
  const raters = (await getDb().user.findMany({ where: { role: "rater" }, select: { id: true } })).map((u) => u.id);
  const { versionId } = await getActiveRubric();

  /** Every rater: settings, take-next, `think` ms reading the item, submit; until the deadline. */
  async function phase(seconds: number, thinkMs: number): Promise<Phase> {
    const result: Phase = { ratings: 0, seconds: 0, takes: [], submits: [], settings: [], empty: 0, nodeCpuMsPerRating: 0 };
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const deadline = started + seconds * 1000;
    await Promise.all(
      raters.map(async (raterId) => {
        // People do not all press a key in the same millisecond: each starts mid-item.
        if (thinkMs > 0) await sleep(Math.random() * 2 * thinkMs);
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const config = await getQueueConfig();
          const t1 = performance.now();
          const lease = await takeNextItem(raterId, config);
          const t2 = performance.now();
          if (!lease) {
            result.empty++;
            continue;
          }
          if (thinkMs > 0) await sleep(Math.random() * 2 * thinkMs);
          const t3 = performance.now();
          await submitRating({
            raterId,
            turnId: lease.turnId,
            rubricVersionId: versionId,
            values: { overall: 1 + (lease.turnId % 4) },
            rationale: null,
            timeSpentMs: Math.round(t3 - t2),
            ratingsPerTurn: config.settings.ratingsPerTurn,
            scope: config.scope,
          });
          const t4 = performance.now();
          result.settings.push(t1 - t0);
          result.takes.push(t2 - t1);
          result.submits.push(t4 - t3);
        }
      }),
    );
    result.seconds = (performance.now() - started) / 1000;
    result.ratings = result.submits.length;
    const cpu = process.cpuUsage(cpuBefore);
    result.nodeCpuMsPerRating = (cpu.user + cpu.system) / 1000 / Math.max(1, result.ratings);
    return result;
  }

  // Warm up (connections, plans), then let PostgreSQL see the ratings tables with rows in
  // them, as autovacuum would within a minute of real use.
  await phase(3, 0);
  await getDb().$executeRawUnsafe("ANALYZE ratings, rating_leases, rating_skips, queue_items");

  const paced = await phase(SECONDS, THINK_MS);
  const stress = await phase(STRESS_SECONDS, 0);

  const [checks] = await getDb().$queryRaw<{ ratings: number; over: number; twice: number }[]>`
    SELECT (SELECT count(*)::int FROM ratings) AS ratings,
      (SELECT count(*)::int FROM queue_items q WHERE rating_count > 2 AND NOT EXISTS (SELECT 1 FROM gold_items g WHERE g.turn_id = q.turn_id)) AS over,
      (SELECT count(*)::int FROM (SELECT 1 FROM ratings GROUP BY turn_id, rater_id, criterion HAVING count(*) > 1) d) AS twice`;
  const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
  const figures = (values: number[]) =>
    `p50 ${p(values, 0.5).toFixed(1).padStart(6)} ms  p95 ${p(values, 0.95).toFixed(1).padStart(6)} ms  p99 ${p(values, 0.99).toFixed(1).padStart(6)} ms`;
  for (const [label, result] of [
    [`${RATERS} raters, ${THINK_MS} ms mean time on an item`, paced],
    [`${RATERS} raters, no time on an item (stress, saturates the CPU)`, stress],
  ] as const) {
    console.log(`  ${label}: ${result.ratings.toLocaleString("en")} ratings in ${result.seconds.toFixed(1)} s, ${(result.ratings / result.seconds).toFixed(0)} ratings/s, Node CPU ${result.nodeCpuMsPerRating.toFixed(1)} ms per rating`);
    console.log(`    take-next  ${figures(result.takes)}`);
    console.log(`    submit     ${figures(result.submits)}`);
    console.log(`    settings   ${figures(result.settings)}`);
  }
  console.log(`  checks: ${checks.ratings.toLocaleString("en")} ratings stored, ${checks.over} turns above k, ${checks.twice} duplicate ratings`);
  const isMet = p(paced.takes, 0.95) < TARGET_P95_MS && p(paced.submits, 0.95) < TARGET_P95_MS;
  console.log(`  target: p95 < ${TARGET_P95_MS} ms for take-next and submit with paced raters${isMet ? "" : " — ABOVE TARGET"}; ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
}
