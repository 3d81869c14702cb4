import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run the real thing: `node scripts/start.mjs` (what `npm start` runs)
// with its own embedded PostgreSQL in a fresh temp directory, in a real Chromium.
// Debian's /usr/bin/chromium by default (Playwright's download server is unreachable
// here); CHROMIUM_PATH overrides it, and without either Playwright's own browser is used.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

if (!process.env.CONCORD_E2E_DATA_DIR) {
  // Earlier runs' directories, unless a server still holds their lock.
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith("concord-e2e-"))) {
    const dir = path.join(tmpdir(), name);
    if (!existsSync(path.join(dir, "concord.lock"))) rmSync(dir, { recursive: true, force: true });
  }
  // Set once in the main process; workers inherit it and so agree on the directory.
  const dir = mkdtempSync(path.join(tmpdir(), "concord-e2e-"));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  process.env.CONCORD_E2E_DATA_DIR = dir;
}

// The first admin of the test server: a password made for this run, never a fixed one.
process.env.E2E_ADMIN_EMAIL ??= "e2e-admin@test.concord.local";
process.env.E2E_ADMIN_PASSWORD ??= randomBytes(18).toString("base64url");

const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
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
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(port),
      CONCORD_DATA_DIR: process.env.CONCORD_E2E_DATA_DIR,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
    },
  },
});
