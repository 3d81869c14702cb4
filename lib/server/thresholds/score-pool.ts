import "server-only";
import pg from "pg";
import { databaseUrl } from "../db";

// Batches of 10,000 scores go through node-postgres directly: Prisma 7 caches raw queries
// keyed by their text and parameters, so every large batch would stay in memory (see
// lib/server/import/with-import-transaction.ts). One small pool per database URL, so that a
// test can point DATABASE_URL at a scratch database of its own.
const globalForPools = globalThis as unknown as { concordScorePools?: Map<string, pg.Pool> };

export function scorePool(): pg.Pool {
  const url = databaseUrl();
  globalForPools.concordScorePools ??= new Map();
  let pool = globalForPools.concordScorePools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: Number(process.env.CONCORD_SCORE_POOL_SIZE ?? 3), allowExitOnIdle: true });
    // An idle connection the server closed (a restart, a shutdown) is dropped and replaced on
    // the next query; without a listener the pool's "error" event would end the process.
    pool.on("error", (error) => console.warn(`[concord] score pool: idle connection closed (${error.message})`));
    globalForPools.concordScorePools.set(url, pool);
  }
  return pool;
}

/** Closes the pool of the current DATABASE_URL (the CLI and tests, before they exit or drop it). */
export async function closeScorePool(): Promise<void> {
  const url = databaseUrl();
  const pool = globalForPools.concordScorePools?.get(url);
  globalForPools.concordScorePools?.delete(url);
  await pool?.end();
}
