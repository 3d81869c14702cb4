// `npm run bench import`: imports generated orchestrator logs WITHOUT evaluation_metrics (so
// the heuristic judge scores every turn) into a throwaway embedded PostgreSQL, and prints
// turns per second, CPU time (Node and PostgreSQL) and peak memory (RSS) per file size, for
// the earlier write path (JSON batches, CONCORD_IMPORT_WRITE_PATH=batches) and the COPY path
// side by side on the same file. Each import runs in a child process of its own, so each
// peak is that import's alone; flat memory means the peak does not grow with the file.
// BENCH_IMPORT_SIZES=10000,100000,1000000 sets the sizes (the earlier path is skipped above
// 100,000 turns: at its rate a million turns take over five minutes).
import { spawnSync } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { register } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? "10000,100000").split(",").map(Number);
const BATCHES_UP_TO = 100_000;
const TURNS_PER_SESSION = 100;
const TODAY_TURNS_PER_SECOND = 3_060; // issue 20, quiet 2-core machine, JSON batches
const TARGET_TURNS_PER_SECOND = 20_000;
const PATHS = ["batches", "copy"];

type Figures = { turns: number; seconds: number; peakRssMb: number; baseRssMb: number; cpu: { node: number; postgres: number } };

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
    const peaks: Record<string, number[]> = Object.fromEntries(PATHS.map((p) => [p, []]));
    const rates: Record<string, number[]> = Object.fromEntries(PATHS.map((p) => [p, []]));
    for (const [i, turns] of SIZES.entries()) {
      const file = path.join(dir, `log-${turns}.jsonl`);
      await writeLog(file, turns, i + 1);
      const mb = statSync(file).size / (1 << 20);
      for (const writePath of PATHS) {
        if (writePath === "batches" && turns > BATCHES_UP_TO) continue;
        // Each path starts from the same empty tables.
        await emptyTables(db.url);
        const run = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", file, dir], {
          env: { ...process.env, DATABASE_URL: db.url, CONCORD_IMPORT_WRITE_PATH: writePath === "copy" ? "" : writePath },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
        });
        if (run.status !== 0) throw new Error(`the import of ${file} failed:\n${run.stdout}`);
        const figures = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Figures;
        const rate = figures.turns / figures.seconds;
        const cpuSeconds = (figures.cpu.node + figures.cpu.postgres) / 1000;
        peaks[writePath].push(figures.peakRssMb);
        rates[writePath].push(rate);
        console.log(
          `  ${writePath.padEnd(7)} ${figures.turns.toLocaleString("en").padStart(9)} turns (${mb.toFixed(0).padStart(4)} MB file): ${figures.seconds.toFixed(2)} s wall, ` +
            `${Math.round(rate).toLocaleString("en").padStart(6)} turns/s; CPU ${(figures.cpu.node / 1000).toFixed(2)} s Node + ${(figures.cpu.postgres / 1000).toFixed(2)} s PostgreSQL ` +
            `= ${Math.round(figures.turns / cpuSeconds).toLocaleString("en")} turns per CPU-second; peak RSS ${figures.peakRssMb.toFixed(0)} MB (${figures.baseRssMb.toFixed(0)} MB before)`,
        );
      }
    }
    console.log(`  load average at end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    const slowest = Math.min(...rates.copy);
    const isFlat = Math.max(...peaks.copy) - Math.min(...peaks.copy) <= 0.1 * Math.min(...peaks.copy) + 10;
    console.log(`  today (issue 20, JSON batches, quiet machine): ${TODAY_TURNS_PER_SECOND.toLocaleString("en")} turns/s, peak 272 MB; reference: PostgreSQL COPY (the path measured as "copy")`);
    console.log(
      `  target: ≥ ${TARGET_TURNS_PER_SECOND.toLocaleString("en")} turns/s with scoring, peak RSS flat across sizes — ` +
        `COPY path slowest ${Math.round(slowest).toLocaleString("en")} turns/s wall: ${slowest >= TARGET_TURNS_PER_SECOND ? "ABOVE TARGET" : "BELOW TARGET"}; ` +
        `peaks ${peaks.copy.map((p) => p.toFixed(0)).join(" / ")} MB: ${isFlat ? "flat" : "NOT FLAT"}`,
    );
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function emptyTables(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("TRUNCATE eval_sessions, imports CASCADE");
  await client.query("VACUUM ANALYZE");
  await client.end();
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
  await closeImportPool();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ turns: result.turnCount, seconds, peakRssMb, baseRssMb, cpu }));
}
