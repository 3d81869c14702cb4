import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

// End-to-end tests run the real thing: `node scripts/start.mjs` (what `npm start` runs)
// with its own embedded PostgreSQL in a fresh temp directory, in a real Chromium.
// Playwright's download server is unreachable here, so Debian's builds stand in: its headless
// shell (package chromium-headless-shell, the build Playwright itself runs headless; the whole
// end-to-end run took 274 s with it and 324 s with the full browser, measured back to back)
// when installed, else /usr/bin/chromium. CHROMIUM_PATH overrides both; without any of them,
// Playwright's own browser is used.
//
// Two servers, each with its own database, run the spec files side by side: the files listed
// in SECOND_SERVER_SPECS on the second, every other file on the first. Each server's files
// run one at a time in file order (one worker a server), so a spec shares its database only
// with the specs before it on its own server, as when every spec ran in one line. The files
// in SOLO_SPECS time pages against a bound, so they run last, on the second server, with
// nothing else running (when a test before them fails, they are not run).
// E2E_SERVERS=1 runs every file on one server, in file order.
const SOLO_SPECS = ["session-hardening.spec.ts"];
const SECOND_SERVER_SPECS = [
  "agreement.spec.ts",
  "auth.spec.ts",
  "cascades.spec.ts",
  "drift.spec.ts",
  "escalation.spec.ts",
  "llm-judge.spec.ts",
  "native-import.spec.ts",
  "panels.spec.ts",
  "queue-types.spec.ts",
  "queue.spec.ts",
  "task-metrics.spec.ts",
  "thresholds.spec.ts",
  "walkthrough-flows.spec.ts",
  "weight-fit.spec.ts",
];
const serverCount = process.env.E2E_SERVERS === "1" ? 1 : 2;
const port = Number(process.env.E2E_PORT ?? 3100);

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "concord-e2e-"));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  return dir;
}

if (!process.env.CONCORD_E2E_DATA_DIR) {
  // Earlier runs' directories, unless a server still holds their lock.
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith("concord-e2e-"))) {
    const dir = path.join(tmpdir(), name);
    if (!existsSync(path.join(dir, "concord.lock"))) rmSync(dir, { recursive: true, force: true });
  }
  // Set once in the main process; workers inherit them and so agree on the directories and ports.
  process.env.CONCORD_E2E_DATA_DIR = newDataDir();
}
if (serverCount === 2 && !process.env.CONCORD_E2E_DATA_DIR_2) {
  process.env.CONCORD_E2E_DATA_DIR_2 = newDataDir();
  process.env.E2E_PORT_2 ??= String(await freePort());
  process.env.CONCORD_PG_PORT_2 ??= String(await freePort());
}

// The first admin of the test servers: a password made for this run, never a fixed one.
process.env.E2E_ADMIN_EMAIL ??= "e2e-admin@test.concord.local";
process.env.E2E_ADMIN_PASSWORD ??= randomBytes(18).toString("base64url");

type Server = { name: string; port: number; dataDir: string; pgPort?: string };
const servers: Server[] = [
  { name: "chromium", port, dataDir: process.env.CONCORD_E2E_DATA_DIR!, pgPort: process.env.CONCORD_PG_PORT },
  ...(serverCount === 2
    ? [{ name: "chromium-2", port: Number(process.env.E2E_PORT_2), dataDir: process.env.CONCORD_E2E_DATA_DIR_2!, pgPort: process.env.CONCORD_PG_PORT_2 }]
    : []),
];

const chromiumPath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate));

const filesNamed = (names: string[]) => new RegExp(`(^|/)(${names.map((name) => name.replace(/[.]/g, "\\.")).join("|")})$`);
const secondServerFiles = filesNamed(SECOND_SERVER_SPECS);
const soloFiles = filesNamed(SOLO_SPECS);

type Project = NonNullable<PlaywrightTestConfig["projects"]>[number];

function project(name: string, server: Server, files: Pick<Project, "testMatch" | "testIgnore" | "dependencies">): Project {
  return {
    name,
    workers: 1,
    ...files,
    // Read by e2e/fixtures.ts: the directory of this project's server (its database's port and password).
    metadata: { dataDir: server.dataDir },
    use: {
      ...devices["Desktop Chrome"],
      baseURL: `http://localhost:${server.port}`,
      launchOptions: {
        executablePath: chromiumPath,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--disable-quic",
          "--no-first-run",
        ],
      },
    },
  };
}

const projects: Project[] =
  servers.length === 1
    ? [project("chromium", servers[0], {})]
    : [
        project("chromium", servers[0], { testIgnore: [secondServerFiles, soloFiles] }),
        project("chromium-2", servers[1], { testMatch: secondServerFiles }),
        project("chromium-solo", servers[1], { testMatch: soloFiles, dependencies: ["chromium", "chromium-2"] }),
      ];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: servers.length,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  // A limit for a test that hangs, not a speed check: two servers side by side on a busy
  // machine make a long walk through several pages take more than the old 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // A failed test keeps its trace (DOM snapshots of every step, network, console) and a
    // screenshot of the end; the trace's screencast is left out: the whole run took 252–257 s
    // without it and 270–274 s with it, back to back.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects,
  // Started one after the other: the first builds the app when the build is missing or stale
  // (scripts/test/run.mjs has usually built it already), the second finds it built.
  webServer: servers.map((server, index) => ({
    name: servers.length === 1 ? "WebServer" : `WebServer ${index + 1}`,
    command: "node scripts/start.mjs",
    url: `http://localhost:${server.port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(server.port),
      CONCORD_DATA_DIR: server.dataDir,
      ...(server.pgPort ? { CONCORD_PG_PORT: server.pgPort } : {}),
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL!,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD!,
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
    },
  })),
});
