import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Runs `main` against a throwaway embedded PostgreSQL with every migration applied
 * (DATABASE_URL set to it), then closes the app's pools, stops it and removes its files.
 * `main` gets the data directory, where bench/cpu-time.ts finds the postmaster.
 */
export async function withBenchDatabase(name: string, main: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `concord-bench-${name}-`));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const { startEmbeddedPostgres } = await import("../scripts/lib/embedded-db.mjs");
  const db = await startEmbeddedPostgres({ baseDir: dir, database: "concord_bench" });
  try {
    // Set first: the pools closed below read it, and a failed migration must show its own error.
    process.env.DATABASE_URL = db.url;
    const { applyMigrations } = await import("../lib/server/migrate.ts");
    await applyMigrations(db.url);
    await main(dir);
  } finally {
    const { closeScorePool } = await import("../lib/server/thresholds/score-pool.ts");
    const { getDb } = await import("../lib/server/db.ts");
    await closeScorePool();
    await getDb().$disconnect();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
