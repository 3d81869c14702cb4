// `npm run bench import`: imports generated orchestrator logs WITHOUT evaluation_metrics (so
// the heuristic judge scores every turn) into a throwaway embedded PostgreSQL, and prints
// turns per second and peak memory (RSS) per file size. Each import runs in a child process
// of its own, so each peak is that import's alone; flat memory means the peak does not grow
// with the file.
import { spawnSync } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { register } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const SIZES = [25_000, 100_000];
const TURNS_PER_SESSION = 100;
const TARGET_TURNS_PER_SECOND = 5_000;

if (process.argv[2] === "--child") await child(process.argv[3]);
else await main();

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-import-"));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
  const db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench" });
  try {
    const { applyMigrations } = await import("../lib/server/migrate.ts");
    await applyMigrations(db.url);
    console.log(`import: ${SIZES.map((n) => n.toLocaleString("en")).join(" and ")} turns, ${TURNS_PER_SESSION} per session, no evaluation_metrics (scored at import)`);
    let isBelowTarget = false;
    for (const [i, turns] of SIZES.entries()) {
      const file = path.join(dir, `log-${turns}.jsonl`);
      await writeLog(file, turns, i + 1);
      const run = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", file], {
        env: { ...process.env, DATABASE_URL: db.url },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      });
      if (run.status !== 0) throw new Error(`the import of ${file} failed:\n${run.stdout}`);
      const figures = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { turns: number; seconds: number; peakRssMb: number; baseRssMb: number };
      const rate = figures.turns / figures.seconds;
      isBelowTarget ||= rate < TARGET_TURNS_PER_SECOND;
      const mb = statSync(file).size / (1 << 20);
      console.log(
        `  ${figures.turns.toLocaleString("en").padStart(7)} turns (${mb.toFixed(0).padStart(4)} MB file): ${figures.seconds.toFixed(2)} s, ` +
          `${Math.round(rate).toLocaleString("en")} turns/s, peak RSS ${figures.peakRssMb.toFixed(0)} MB (${figures.baseRssMb.toFixed(0)} MB before the import)`,
      );
    }
    console.log(`  target: ≥ ${TARGET_TURNS_PER_SECOND.toLocaleString("en")} turns/s with scoring, peak RSS flat across sizes${isBelowTarget ? " — BELOW TARGET" : ""}`);
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
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

async function child(file: string): Promise<void> {
  const { createReadStream } = await import("node:fs");
  const { importLog } = await import("../lib/server/import/import-log.ts");
  const { closeImportPool } = await import("../lib/server/import/with-import-transaction.ts");
  globalThis.gc?.();
  const baseRssMb = process.memoryUsage().rss / (1 << 20);
  const started = performance.now();
  const result = await importLog({ input: { kind: "ndjson", source: () => createReadStream(file, { highWaterMark: 1 << 20 }) }, actor: { source: "cli" }, fileName: path.basename(file) });
  const seconds = (performance.now() - started) / 1000;
  await closeImportPool();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ turns: result.turnCount, seconds, peakRssMb, baseRssMb }));
}
