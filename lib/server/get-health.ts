import "server-only";
import pg from "pg";
import { reportDatabaseError, reportDatabaseUp } from "./database-state";
import { databaseUrl } from "./db";
import { getMigrationStatus } from "./migrate";

/**
 * What GET /api/health may tell anyone who asks: whether the database answers and the
 * migrations are applied, never why not (an error message carries addresses and ports;
 * the server's log has it).
 */
export type Health =
  | { status: "ok" | "unavailable"; db: "up"; latencyMs: number; migrations: { applied: number; pending: string[]; failed: string[] } }
  | { status: "unavailable"; db: "down" };

/**
 * Database reachability and migration state. Uses its own short-lived connection with a
 * short timeout, so a dead database answers quickly instead of hanging the probe.
 */
export async function getHealth(): Promise<Health> {
  const started = performance.now();
  let client: pg.Client | null = null;
  try {
    client = new pg.Client({ connectionString: databaseUrl(), connectionTimeoutMillis: 2000, query_timeout: 2000 });
    client.on("error", () => {}); // a connection dropped after the answer: nothing to do
    await client.connect();
    await client.query("SELECT 1");
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    reportDatabaseUp();
    const status = await getMigrationStatus(client);
    const isReady = status.pending.length === 0 && status.failed.length === 0;
    return {
      status: isReady ? "ok" : "unavailable",
      db: "up",
      latencyMs,
      migrations: { applied: status.applied.length, pending: status.pending, failed: status.failed },
    };
  } catch (error) {
    reportDatabaseError(error);
    console.error(`[health] the database does not answer: ${error instanceof Error ? error.message : String(error)}`);
    return { status: "unavailable", db: "down" };
  } finally {
    await client?.end().catch(() => {});
  }
}
