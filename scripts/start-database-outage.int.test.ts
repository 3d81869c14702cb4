// The real server (`node scripts/start.mjs`, as `npm start` runs it) while its database
// goes away and comes back, and while it is asked to stop: pages and the API answer 503
// without internals, the server recovers by itself, and SIGTERM neither hangs on a dead
// database nor cuts off a request in flight. The first start may build the app.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { createTestUser } from "@/scripts/test/factories";
import { startEmbeddedPostgres } from "./lib/embedded-db.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "concord-outage-"));
chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };
type Database = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...inherited, PORT: String(port), CONCORD_DEMO_DATA: "off", ADMIN_PASSWORD: "outage test password 1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("Concord is ready")) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`the server exited before it was ready:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}

/**
 * SIGTERM: the milliseconds to the process's exit, the server's own count from the signal to
 * its exit call ("stopped (N ms)", free of this machine's scheduling delays), its exit code,
 * and what it logged meanwhile.
 */
async function stopServer(server: Server): Promise<{ ms: number; ownMs: number; code: number | null; log: string }> {
  const started = performance.now();
  const marks: string[] = [];
  const onData = (chunk: Buffer) => marks.push(`${Math.round(performance.now() - started)} ms: ${String(chunk).trim()}`);
  server.child.stdout!.on("data", onData);
  server.child.kill("SIGTERM");
  const code = await server.exited;
  const ms = performance.now() - started;
  const log = marks.join("\n");
  console.log(`[outage] after SIGTERM:\n${log}\nexit at ${Math.round(ms)} ms`);
  const ownMs = Number(/stopped \((\d+) ms\)/.exec(log)?.[1] ?? Infinity);
  return { ms, ownMs, code, log };
}

let database: Database;
let pgPort: number;
let server: Server;
let cookie: string;
let readKey: string;
let ingestKey: string;

beforeAll(async () => {
  pgPort = await freePort();
  database = await startEmbeddedPostgres({ baseDir: path.join(dir, "external"), port: pgPort });
  server = await startServer({ DATABASE_URL: database.url });
  process.env.DATABASE_URL = database.url;
  cookie = `${SESSION_COOKIE}=${(await createSession((await createTestUser("admin")).id)).token}`;
  readKey = (await createApiKey({ name: "outage-read", scope: "read" })).key;
  ingestKey = (await createApiKey({ name: "outage-ingest", scope: "ingest" })).key;
}, 400_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await database?.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${server.port}${pathname}`, { headers, redirect: "manual" });
}

describe("the database stops and starts again under a running server", () => {
  it("answers 503 with a plain page, health {db: down} without internals, and recovers by itself", async () => {
    expect((await get("/sessions", { cookie })).status).toBe(200);
    expect((await get("/api/health")).status).toBe(200);

    await database.stop();

    const page = await get("/sessions", { cookie });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain("<h1>Database unavailable, retrying</h1>");
    expect(html).toContain('<meta http-equiv="refresh" content="5">');

    const health = await get("/api/health");
    expect(health.status).toBe(503);
    const healthText = await health.text();
    expect(JSON.parse(healthText)).toEqual({ status: "unavailable", db: "down" });
    expect(healthText).not.toMatch(new RegExp(`ECONNREFUSED|127\\.0\\.0\\.1|localhost|${pgPort}`));

    const api = await get("/api/v1/sessions", { authorization: `Bearer ${readKey}` });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: "database unavailable, retrying", db: "down" });
    // A second page view during the outage is answered before Next.js, just as plainly.
    expect((await get("/agreement", { cookie })).status).toBe(503);

    database = await startEmbeddedPostgres({ baseDir: path.join(dir, "external"), port: pgPort });
    const restartedAt = performance.now();
    let status = 0;
    while (performance.now() - restartedAt < 15_000) {
      status = (await get("/sessions", { cookie })).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    console.log(`[outage] pages answer again ${Math.round(performance.now() - restartedAt)} ms after the database is back`);
    expect((await get("/api/health")).status).toBe(200);
    expect(await (await get("/api/health")).json()).toMatchObject({ status: "ok", db: "up" });
    expect(server.output()).toContain("the database answers again");
  }, 120_000);
});

describe("SIGTERM", () => {
  it("with the database up, finishes a request in flight, stops the job worker before the database, and exits 0", async () => {
    const line = (text: string) => JSON.stringify({ session_id: `drain-${process.pid}`, persona: { id: "thesis" }, response: text });
    const body = `${line("first half")}\n${line("second half")}\n`;
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port: server.port, path: "/api/v1/sessions", method: "POST", headers: { authorization: `Bearer ${ingestKey}`, "content-type": "application/x-ndjson", "content-length": Buffer.byteLength(body) } },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on("error", (error) => reject(new Error(`${error.message}; the server said:\n${server.output()}`)));
      request.write(body.slice(0, half));
      setTimeout(() => request.end(body.slice(half)), 1500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stopping = stopServer(server);
    const { status, text } = await answer;
    const { ms, code, log } = await stopping;

    expect([status, JSON.parse(text).turnCount]).toEqual([201, 2]);
    expect(code).toBe(0);
    expect(log).toContain("database up, 1 request(s) in flight");
    expect(ms).toBeGreaterThan(1000); // it waited for the request
    expect(log).not.toContain("57P03");
    expect(log).not.toContain("could not look for jobs");
    console.log(`[outage] SIGTERM with a request in flight: exited after ${Math.round(ms)} ms`);
  }, 60_000);

  it("with the database unreachable, exits within 2 s", async () => {
    server = await startServer({ DATABASE_URL: database.url });
    await database.stop();
    expect((await get("/sessions", { cookie })).status).toBe(503);

    const { ms, ownMs, code, log } = await stopServer(server);

    expect(code, log).toBe(0);
    expect(ownMs, log).toBeLessThan(2000);
    expect(ms, log).toBeLessThan(5000); // the wall clock, with room for a loaded shared machine
    console.log(`[outage] SIGTERM with the database at DATABASE_URL down: exited after ${Math.round(ms)} ms`);
  }, 120_000);

  it("with its own embedded PostgreSQL, stops the job worker before the database: no 57P03 in the log", async () => {
    server = await startServer({ CONCORD_DATA_DIR: path.join(dir, "owned"), CONCORD_PG_PORT: String(await freePort()) });
    await new Promise((resolve) => setTimeout(resolve, 2500)); // the worker has polled

    const { code, log } = await stopServer(server);

    expect(code).toBe(0);
    expect(log).toContain("database up, 0 request(s) in flight");
    expect(log).not.toContain("57P03");
    expect(log).not.toContain("could not look for jobs");
  }, 180_000);

  it("with its own embedded PostgreSQL killed, exits within 2 s", async () => {
    const dataDir = path.join(dir, "owned");
    server = await startServer({ CONCORD_DATA_DIR: dataDir, CONCORD_PG_PORT: String(await freePort()) });
    const postmaster = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 300));

    const { ms, ownMs, code, log } = await stopServer(server);

    expect(code, log).toBe(0);
    expect(ownMs, log).toBeLessThan(2000);
    expect(ms, log).toBeLessThan(5000);
    console.log(`[outage] SIGTERM with the embedded PostgreSQL killed: exited after ${Math.round(ms)} ms`);
  }, 180_000);
});
