import "server-only";
import pg from "pg";
import { databaseUrl } from "@/lib/server/db";
import type { Tx } from "./import-types";

// Imports write through node-postgres directly, not through the Prisma client: Prisma 7
// keeps a plan cache of up to 1000 raw queries keyed by their full text *and parameters*,
// so every multi-megabyte batch of turns would stay in memory (measured: ~2 MB retained
// per batch, the heap growing with the file). A small pool of its own, on globalThis like
// the Prisma client; idle connections do not keep a CLI process alive.
const globalForPool = globalThis as unknown as { concordImportPool?: pg.Pool };

function importPool(): pg.Pool {
  if (globalForPool.concordImportPool === undefined) {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: Number(process.env.CONCORD_IMPORT_POOL_SIZE ?? 4), allowExitOnIdle: true });
    // An idle connection the server closed (a restart, shutdown): the pool drops it and
    // opens another when needed; unhandled, the event would crash the process.
    pool.on("error", () => {});
    globalForPool.concordImportPool = pool;
  }
  return globalForPool.concordImportPool;
}

type TransactionOptions = {
  /** Runs first, outside the transaction. */
  prepare?: (client: Tx) => Promise<void>;
  /** Roll back even when `work` succeeds (a dry run). */
  isDryRun?: boolean;
};

/**
 * Runs `work` in one transaction on a connection of its own: commits when it returns (rolls
 * back on a dry run), rolls back when it throws, so an import is all-or-nothing.
 */
export async function withImportTransaction<T>(work: (tx: Tx) => Promise<T>, { prepare, isDryRun = false }: TransactionOptions = {}): Promise<T> {
  const client = await importPool().connect();
  let isBroken = false;
  try {
    await prepare?.(client);
    await client.query("BEGIN");
    try {
      const result = await work(client);
      await client.query(isDryRun ? "ROLLBACK" : "COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {
        isBroken = true;
      });
      throw error;
    }
  } finally {
    client.release(isBroken);
  }
}

/** Closes the pool (the CLI and tests, before they exit). */
export async function closeImportPool(): Promise<void> {
  const pool = globalForPool.concordImportPool;
  globalForPool.concordImportPool = undefined;
  await pool?.end();
}
