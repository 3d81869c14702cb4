// `npm run bench score-endpoint`: POST /api/v1/score as the orchestrator calls it (issue 24
// §3). A throwaway embedded PostgreSQL, a `score` key and a non-seed thresholds version; the
// route handler runs in a server process of its own (bench/score-endpoint-server.ts: node:http
// in front of the exported handler, without Next.js's router), the client here, on loopback.
//   1. latency: one 300-word response a request, sent open-loop at 200 requests/s for
//      SCORE_BENCH_SECONDS (default 10), each timed from when it was due to be sent (so a
//      stalled server is not hidden by a client that waits for it); target p99 < 20 ms.
//   2. throughput: batches of 1,000 such turns, two requests in flight (2 cores), for the same
//      time; responses (turns) per second; target ≥ 20,000/s.
// SCORE_BENCH_URL=<base url> SCORE_BENCH_KEY=<score key> measures a running Concord instead.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { register } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const SECONDS = Number(process.env.SCORE_BENCH_SECONDS ?? 10);
const RATE = 200;
const BATCH = 1000;
const TARGET_P99_MS = 20;
const TARGET_PER_SECOND = 20_000;

const SENTENCES = [
  "We should explore how growth and trust expand the potential of small teams.",
  "However, this approach may overlook a serious risk in the rollout.",
  "Because the data is noisy, we should be careful with every conclusion.",
  "For example, a small pilot could show real progress within a month.",
  "The limitation is clear, and the flaw could make the plan fail.",
  "Success depends on balance, support and resilience across the group.",
  "Therefore we integrate both views and reconcile the tension between them.",
  "Let us plan the next step and implement one action at a time.",
];

/** A response of exactly `words` words, from the sentences above in turn. */
function responseOf(words: number): string {
  const out: string[] = [];
  for (let i = 0; out.length < words; i++) out.push(...SENTENCES[i % SENTENCES.length].split(" "));
  return out.slice(0, words).join(" ");
}

const TURN = { response: responseOf(300), seed_prompt: "How can small teams grow while keeping trust?", persona_id: "antithesis", persona_role: "Critical reflector" };
const ONE = JSON.stringify(TURN);
const MANY = JSON.stringify(Array.from({ length: BATCH }, (_, i) => ({ ...TURN, persona_id: ["thesis", "antithesis", "synthesis"][i % 3] })));

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function post(base: URL, key: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL("/api/v1/score", base),
      { method: "POST", agent, headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** CPU ms the server process has used so far (Linux /proc; null elsewhere or for a remote server). */
let serverPid: number | null = null;
function serverCpuMs(): number | null {
  if (serverPid === null) return null;
  try {
    const fields = readFileSync(`/proc/${serverPid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The server's CPU time per unit over a phase: a figure the machine's load does not inflate. */
function cpuLine(before: number | null, units: number, unit: string): string {
  const after = serverCpuMs();
  if (before === null || after === null) return "";
  const perUnitMs = (after - before) / units;
  return `    server CPU ${perUnitMs < 1 ? `${(perUnitMs * 1000).toFixed(0)} µs` : `${perUnitMs.toFixed(2)} ms`} per ${unit} (${Math.round(1000 / perUnitMs).toLocaleString("en")} ${unit}s/s per core if nothing else ran)`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function latency(base: URL, key: string): Promise<void> {
  for (let i = 0; i < 200; i++) await post(base, key, ONE); // warm the JIT and the caches
  const total = SECONDS * RATE;
  const times: number[] = [];
  let failures = 0;
  const cpuBefore = serverCpuMs();
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(
      post(base, key, ONE).then((result) => {
        if (result.status !== 200) failures++;
        times.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  console.log(`  one 300-word response a request, ${RATE} requests/s for ${SECONDS} s (${total} requests, ${failures} not 200):`);
  console.log(`    p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms`);
  const cpu = cpuLine(cpuBefore, total, "request");
  if (cpu) console.log(cpu);
  console.log(`    target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? "BELOW TARGET (met)" : "ABOVE TARGET (not met)"}`);
}

async function throughput(base: URL, key: string): Promise<void> {
  for (let i = 0; i < 3; i++) await post(base, key, MANY);
  let turns = 0;
  let failures = 0;
  const cpuBefore = serverCpuMs();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const result = await post(base, key, MANY);
      if (result.status === 200) turns += BATCH;
      else failures++;
    }
  };
  await Promise.all([worker(), worker()]);
  const perSecond = turns / ((performance.now() - started) / 1000);
  console.log(`  batches of ${BATCH.toLocaleString("en")} turns, 2 in flight, ${SECONDS} s (${failures} not 200):`);
  console.log(`    ${Math.round(perSecond).toLocaleString("en")} responses/s`);
  const cpu = cpuLine(cpuBefore, turns, "turn");
  if (cpu) console.log(cpu);
  console.log(`    target ≥ ${TARGET_PER_SECOND.toLocaleString("en")}/s: ${perSecond >= TARGET_PER_SECOND ? "ABOVE TARGET (met)" : "BELOW TARGET (not met)"}`);
}

/** A database with a score key and a thresholds version of its own, and the server process. */
async function startLocal(dir: string): Promise<{ base: URL; key: string; stop: () => Promise<void> }> {
  const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
  const db = await startEmbeddedPostgres({ baseDir: dir, port: 0, database: "concord_bench" });
  process.env.DATABASE_URL = db.url;
  const { applyMigrations } = await import("../lib/server/migrate.ts");
  await applyMigrations(db.url);
  const { createApiKey } = await import("../lib/server/auth/api-keys.ts");
  const { findThresholdVersion } = await import("../lib/server/thresholds/find-threshold-version.ts");
  const { saveThresholdVersion } = await import("../lib/server/thresholds/save-threshold-version.ts");
  const { SEED_THRESHOLDS } = await import("../lib/thresholds/thresholds.schema.ts");
  const { getDb } = await import("../lib/server/db.ts");
  const { key } = await createApiKey({ name: "bench", scope: "score" });
  const seed = await findThresholdVersion("active");
  await saveThresholdVersion({
    thresholds: { ...SEED_THRESHOLDS, weights: { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.2, completeness: 0.5 } } },
    note: "bench",
    basedOnId: seed.id,
    authorId: null,
  });
  await getDb().$disconnect();

  const serverFile = fileURLToPath(new URL("./score-endpoint-server.ts", import.meta.url));
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", serverFile], {
    env: { ...process.env, DATABASE_URL: db.url, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  serverPid = server.pid ?? null;
  const port = await new Promise<number>((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
    createInterface({ input: server.stdout! }).on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    base: new URL(`http://127.0.0.1:${port}`),
    key,
    stop: async () => {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      await db.stop();
    },
  };
}

async function main(): Promise<void> {
  const remote = process.env.SCORE_BENCH_URL;
  const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-score-"));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const target = remote
    ? { base: new URL(remote), key: process.env.SCORE_BENCH_KEY ?? "", stop: async () => {} }
    : await startLocal(dir);
  try {
    const check = await post(target.base, target.key, ONE);
    if (check.status !== 200) throw new Error(`POST /api/v1/score answered ${check.status}: ${check.text}`);
    console.log(`score-endpoint: ${remote ? remote : "route handler behind node:http (no Next.js router)"}, thresholds ${JSON.stringify(JSON.parse(check.text).thresholds)}`);
    await latency(target.base, target.key);
    await throughput(target.base, target.key);
    console.log(`  ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} (client and server share them)`);
  } finally {
    agent.destroy();
    await target.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
