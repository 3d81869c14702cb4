// `npm run bench import`: imports generated orchestrator logs WITHOUT evaluation_metrics (so
// the heuristic judge scores every turn) into a throwaway embedded PostgreSQL, and prints
// turns per second, CPU time (Node and PostgreSQL) and peak memory (RSS) per file size.
// Paired runs on the same file, alternating (the machine's load weighs on both alike):
//   before       — the import as it was before the pipelined writer: each chunk's COPYs
//                  awaited before the next chunk is built, turns.raw as jsonb, turns rows
//                  past 2 KB compressed and moved out of line (PostgreSQL's default TOAST
//                  target), judge_scores' session trigger joining turns (before migration
//                  "session_scores_turn_probes"); the other triggers as now;
//   now          — the pipelined writer (the database works on a chunk while Node builds the
//                  next), raw as json, a page-sized TOAST target (migration
//                  "turns_raw_as_given"), the session trigger probing turns by id;
//   old-triggers — "before" with the write path's triggers as they were before issue 20's
//                  write-path migrations (bench/write-path-versions.ts) and search documents
//                  built in the turns trigger.
// "before" and "now" leave search documents to the "session-search" job, which the child
// then runs and times on its own (the import is committed before it).
// Each import runs in a child process of its own, so each peak is that import's alone; flat
// memory means the peak does not grow with the file. BENCH_IMPORT_SIZES=10000,100000,1000000
// sets the sizes; BENCH_IMPORT_RUNS=before,now,old-triggers,batches,… the runs per size
// ("batches": the JSON batches path, before the COPY path; slow, skipped above 100,000 turns).
// BENCH_IMPORT_SQL=<statements> runs before each run, e.g. to time an import with one trigger
// disabled ('ALTER TABLE judge_scores DISABLE TRIGGER judge_scores_score_packs_insert').
import { spawnSync } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { register } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { writePathFunctions, type WritePathVersion } from "./write-path-versions.ts";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? "10000,100000").split(",").map(Number);
const BATCHES_UP_TO = 100_000;
const TURNS_PER_SESSION = 100;
// Issue 20's figure at the start of the pipelined writer's work: 4,742 turns/s at 1M (loaded 2-core
// machine; PostgreSQL 132–140 µs CPU per turn, Node 73–88 µs); the issue's quiet-machine figure
// for the JSON batches: 3,060. The "before" run measures the same code again beside "now".
const TODAY_TURNS_PER_SECOND = 4_742;
const TARGET_TURNS_PER_SECOND = 20_000;
const RUNS = (process.env.BENCH_IMPORT_RUNS ?? "before,now,before,now").split(",");
const PATHS = [...new Set(RUNS)];
/** Extra Node flags for each import's child, e.g. BENCH_IMPORT_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const CHILD_FLAGS = (process.env.BENCH_IMPORT_NODE_FLAGS ?? "").split(" ").filter(Boolean);

type Figures = {
  turns: number;
  seconds: number;
  peakRssMb: number;
  baseRssMb: number;
  cpu: { node: number; postgres: number };
  /** CPU ms of the import's first pass alone, timed on its own after the import. */
  pass1Node: number;
  search: { sessions: number; seconds: number; postgres: number } | null;
};

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4]);
else await main();

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-import-"));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
  const db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench" });
  try {
    const { applyMigrations } = await import("../lib/server/migrate.ts");
    await applyMigrations(db.url);
    console.log(`import: ${SIZES.map((n) => n.toLocaleString("en")).join(", ")} turns, ${TURNS_PER_SESSION} per session, no evaluation_metrics (scored at import)`);
    console.log(`  load average at start: ${loadavg().map((l) => l.toFixed(1)).join(" ")} on 2 CPUs (wall times stretch with it; CPU times much less)`);
    const best: Record<string, { turns: number; rate: number; pgMicros: number; nodeMicros: number; pass1Micros: number; peak: number }[]> = Object.fromEntries(PATHS.map((p) => [p, []]));
    for (const [i, turns] of SIZES.entries()) {
      const file = path.join(dir, `log-${turns}.jsonl`);
      await writeLog(file, turns, i + 1);
      const mb = statSync(file).size / (1 << 20);
      const runs: Record<string, Figures[]> = Object.fromEntries(PATHS.map((p) => [p, []]));
      for (const run of RUNS) {
        if (run === "batches" && turns > BATCHES_UP_TO) continue;
        // Each run starts from the same empty tables, with its version of the triggers.
        await prepareRun(db.url, run);
        const child = spawnSync(process.execPath, [...CHILD_FLAGS, "--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", file, dir], {
          env: {
            ...process.env,
            DATABASE_URL: db.url,
            CONCORD_IMPORT_WRITE_PATH: run === "batches" ? "batches" : "",
            CONCORD_IMPORT_SESSION_SEARCH: run === "now" || run === "before" ? "" : "inline",
            CONCORD_IMPORT_PIPELINE: run === "now" ? "" : "serial",
          },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
        });
        if (child.status !== 0) throw new Error(`the import of ${file} failed:\n${child.stdout}`);
        const figures = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Figures;
        runs[run].push(figures);
        const rate = figures.turns / figures.seconds;
        const cpuSeconds = (figures.cpu.node + figures.cpu.postgres) / 1000;
        console.log(
          `  ${run.padEnd(7)} ${figures.turns.toLocaleString("en").padStart(9)} turns (${mb.toFixed(0).padStart(4)} MB file): ${figures.seconds.toFixed(2)} s wall, ` +
            `${Math.round(rate).toLocaleString("en").padStart(6)} turns/s; CPU ${(figures.cpu.node / 1000).toFixed(2)} s Node (${Math.round((figures.cpu.node * 1000) / figures.turns)} µs/turn) + ` +
            `${(figures.cpu.postgres / 1000).toFixed(2)} s PostgreSQL (${Math.round((figures.cpu.postgres * 1000) / figures.turns)} µs/turn) = ${Math.round(figures.turns / cpuSeconds).toLocaleString("en")} turns per CPU-second; ` +
            `peak RSS ${figures.peakRssMb.toFixed(0)} MB (${figures.baseRssMb.toFixed(0)} MB before); of Node's, the first pass ${Math.round((figures.pass1Node * 1000) / figures.turns)} µs/turn`,
        );
        if (figures.search) {
          console.log(
            `          then the session-search job, after the commit: ${figures.search.sessions.toLocaleString("en")} sessions in ${figures.search.seconds.toFixed(2)} s wall, ` +
              `${(figures.search.postgres / 1000).toFixed(2)} s PostgreSQL CPU (${Math.round((figures.search.postgres * 1000) / figures.turns)} µs/turn)`,
          );
        }
      }
      for (const run of PATHS) {
        const done = runs[run];
        if (done.length === 0) continue;
        const top = done.reduce((a, b) => (a.turns / a.seconds >= b.turns / b.seconds ? a : b));
        best[run].push({
          turns,
          rate: top.turns / top.seconds,
          pgMicros: Math.min(...done.map((f) => (f.cpu.postgres * 1000) / f.turns)),
          nodeMicros: Math.min(...done.map((f) => (f.cpu.node * 1000) / f.turns)),
          pass1Micros: Math.min(...done.map((f) => (f.pass1Node * 1000) / f.turns)),
          peak: Math.max(...done.map((f) => f.peakRssMb)),
        });
      }
    }
    console.log(`  load average at end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    for (const run of PATHS) {
      if (best[run].length === 0) continue;
      console.log(
        `  ${run}: best of its runs per size ${best[run]
          .map((b) => `${b.turns.toLocaleString("en")}: ${Math.round(b.rate).toLocaleString("en")} turns/s, CPU per turn ${Math.round(b.pgMicros)} µs PostgreSQL + ${Math.round(b.nodeMicros)} µs Node`)
          .join("; ")}`,
      );
    }
    const now = best.now ?? [];
    if (now.length > 0) {
      const slowest = Math.min(...now.map((b) => b.rate));
      const peaks = now.map((b) => b.peak);
      const isFlat = Math.max(...peaks) - Math.min(...peaks) <= 0.1 * Math.min(...peaks) + 10;
      const before = best.before ?? [];
      console.log(`  today (issue 20, before this work, loaded machine): ${TODAY_TURNS_PER_SECOND.toLocaleString("en")} turns/s at 1M; reference: PostgreSQL COPY`);
      for (const [i, b] of now.entries()) {
        const was = before.find((x) => x.turns === b.turns);
        if (was) {
          console.log(
            `  ${b.turns.toLocaleString("en")} turns, before → now: ${Math.round(was.rate).toLocaleString("en")} → ${Math.round(b.rate).toLocaleString("en")} turns/s wall (${(b.rate / was.rate).toFixed(2)}×); ` +
              `PostgreSQL ${Math.round(was.pgMicros)} → ${Math.round(b.pgMicros)} µs, Node ${Math.round(was.nodeMicros)} → ${Math.round(b.nodeMicros)} µs CPU per turn`,
          );
        }
        // One import is one transaction on one connection: its PostgreSQL work runs on one
        // core, so even with Node wholly overlapped the rate cannot pass this.
        if (i === now.length - 1) {
          // On a quiet 2-core machine the pipelined import takes at least its first pass (Node
          // alone) and then the larger of the database's work and Node's second pass.
          const quiet = b.pass1Micros + Math.max(b.pgMicros, b.nodeMicros - b.pass1Micros);
          console.log(
            `  ceiling set by the database alone (one backend, ${Math.round(b.pgMicros)} µs CPU per turn): ${Math.round(1e6 / b.pgMicros).toLocaleString("en")} turns/s; ` +
              `with the first pass (${Math.round(b.pass1Micros)} µs, Node alone) before it, about ${Math.round(1e6 / quiet).toLocaleString("en")} turns/s on a quiet 2-core machine; ` +
              `the target needs at most ${Math.round(1e6 / TARGET_TURNS_PER_SECOND)} µs per turn`,
          );
        }
      }
      console.log(
        `  target: ≥ ${TARGET_TURNS_PER_SECOND.toLocaleString("en")} turns/s with scoring, peak RSS flat across sizes — ` +
          `now, slowest size's best run ${Math.round(slowest).toLocaleString("en")} turns/s wall: ${slowest >= TARGET_TURNS_PER_SECOND ? "ABOVE TARGET" : "BELOW TARGET"}; ` +
          `peaks ${peaks.map((p) => p.toFixed(0)).join(" / ")} MB: ${isFlat ? "flat" : "NOT FLAT"}`,
      );
    }
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Empties the tables and puts the schema in the run's version: the write path's trigger
 * functions (old-triggers: before issue 20's write-path work) and turns' raw column and
 * TOAST target (before: jsonb and PostgreSQL's default, as before migration "turns_raw_as_given").
 */
async function prepareRun(url: string, run: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("TRUNCATE eval_sessions, imports, jobs CASCADE");
  const version: WritePathVersion = run === "old-triggers" || run === "batches" ? "before" : "now";
  await client.query(writePathFunctions(version));
  if (run === "before") await client.query(sessionsTriggerBefore());
  await client.query(
    run === "now"
      ? `ALTER TABLE turns ALTER COLUMN raw TYPE json; ALTER TABLE turns SET (toast_tuple_target = 8160)`
      : `ALTER TABLE turns ALTER COLUMN raw TYPE jsonb; ALTER TABLE turns RESET (toast_tuple_target)`,
  );
  if (process.env.BENCH_IMPORT_SQL) await client.query(process.env.BENCH_IMPORT_SQL);
  await client.query("VACUUM ANALYZE");
  await client.end();
}

/** judge_scores' session trigger as it was before migration "session_scores_turn_probes" (it joined turns). */
function sessionsTriggerBefore(): string {
  const file = path.join(import.meta.dirname, "../prisma/migrations/20261127094724_session_scores_distinct_pairs/migration.sql");
  const sql = readFileSync(file, "utf8");
  const start = sql.indexOf('CREATE OR REPLACE FUNCTION "judge_scores_refresh_sessions"(');
  if (start < 0) throw new Error(`no judge_scores_refresh_sessions in ${file}`);
  return sql.slice(start, sql.indexOf("$$;", sql.indexOf("$$", start) + 2) + 3);
}

/** A log of `turns` turns in sessions of TURNS_PER_SESSION, written as a stream. */
async function writeLog(file: string, turns: number, seed: number): Promise<void> {
  const { composeResponse } = await import("../lib/server/import/build-demo-log.ts");
  const { DEMO_PROMPTS, PERSONAS } = await import("../lib/server/import/demo-phrases.ts");
  const { uniformSource } = await import("../lib/stats/seeded-random.ts");
  const random = uniformSource(seed);
  const out = createWriteStream(file);
  const start = Date.parse("2025-10-01T00:00:00Z");
  for (let t = 0; t < turns; t++) {
    const lines: string[] = [];
    const sessionIndex = Math.floor(t / TURNS_PER_SESSION);
    const prompt = DEMO_PROMPTS[sessionIndex % DEMO_PROMPTS.length];
    if (t % TURNS_PER_SESSION === 0) lines.push(JSON.stringify({ type: "session", session_id: `bench-${seed}-${sessionIndex}`, seed_prompt: prompt.text }));
    const step = t % TURNS_PER_SESSION;
    const persona = PERSONAS[step % 3];
    lines.push(
      JSON.stringify({
        timestamp: new Date(start + t * 1000).toISOString(),
        depth_index: Math.floor(step / 3) + 1,
        step_index: (step % 3) + 1,
        persona: { id: persona.id, name: persona.name, role: persona.role, backend: { backend_id: "local_ollama", type: "subprocess" } },
        prompt_digest: persona.digest,
        response: composeResponse(random, persona, prompt, random()),
        phase: { name: persona.id, cycle: Math.floor(step / 3) + 1 },
        state_after: { affect_amplitude: Math.round(random() * 1000) / 1000 },
      }),
    );
    if (!out.write(`${lines.join("\n")}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function child(file: string, baseDir: string): Promise<void> {
  const { createReadStream } = await import("node:fs");
  const { importLog } = await import("../lib/server/import/import-log.ts");
  const { closeImportPool } = await import("../lib/server/import/with-import-transaction.ts");
  const { startCpuClock } = await import("./cpu-time.ts");
  globalThis.gc?.();
  const baseRssMb = process.memoryUsage().rss / (1 << 20);
  // Warm the pool so that the clock below counts the import's backend from its first query.
  await importLog({ input: { kind: "json", values: [], pathPrefix: null }, actor: { source: "cli" } }).catch(() => null);
  const clock = startCpuClock(baseDir);
  const started = performance.now();
  const result = await importLog({
    input: { kind: "ndjson", source: () => createReadStream(file, { highWaterMark: 1 << 20 }) },
    actor: { source: "cli" },
    fileName: path.basename(file),
    sessionId: null,
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = clock.stop(); // before the pool closes: a closed connection's backend takes its CPU time with it
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  let search = null;
  if (process.env.CONCORD_IMPORT_SESSION_SEARCH !== "inline") {
    // What the server's job worker does next (the job's own batches, without its polling).
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const searchClock = startCpuClock(baseDir);
    const searchStarted = performance.now();
    const { rows } = await client.query<{ sessions: number }>("SELECT refresh_session_search(ARRAY(SELECT id FROM eval_sessions WHERE search_pending)) AS sessions");
    const searchSeconds = (performance.now() - searchStarted) / 1000;
    search = { sessions: rows[0].sessions, seconds: searchSeconds, postgres: searchClock.stop().postgres };
    await client.end();
  }
  await closeImportPool();
  // The import's first pass alone (validate, plan, hash; before its transaction, so the
  // database has nothing to do meanwhile), timed after the import so as not to warm it up.
  const { LogPlanner } = await import("../lib/ingest/plan-log-import.ts");
  const { readLogItems } = await import("../lib/ingest/log-input.ts");
  const pass1Started = process.cpuUsage();
  const planner = new LogPlanner({});
  for await (const { entry } of readLogItems({ kind: "ndjson", source: () => createReadStream(file, { highWaterMark: 1 << 20 }) })) planner.add(entry);
  planner.finish(null);
  const pass1 = process.cpuUsage(pass1Started);
  console.log(JSON.stringify({ turns: result.turnCount, seconds, peakRssMb, baseRssMb, cpu, pass1Node: (pass1.user + pass1.system) / 1000, search }));
}
