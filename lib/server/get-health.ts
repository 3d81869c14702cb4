import "server-only";
import pg from "pg";
import { databaseUrl } from "./db";
import { getMigrationStatus } from "./migrate";

export type Health = {
  status: "ok" | "unavailable";
  database: { reachable: boolean; latencyMs: number | null; error?: string };
  migrations: { applied: number; pending: string[]; failed: string[] } | null;
};

/**
 * Database reachability and migration state. Uses its own short-lived connection with a
 * short timeout, so a dead database answers quickly instead of hanging the probe.
 */
export async function getHealth(): Promise<Health> {
  const started = performance.now();
  let client: pg.Client | null = null;
  try {
    client = new pg.Client({ connectionString: databaseUrl(), connectionTimeoutMillis: 2000, query_timeout: 2000 });
    await client.connect();
    await client.query("SELECT 1");
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const status = await getMigrationStatus(client);
    const isReady = status.pending.length === 0 && status.failed.length === 0;
    return {
      status: isReady ? "ok" : "unavailable",
      database: { reachable: true, latencyMs },
      migrations: { applied: status.applied.length, pending: status.pending, failed: status.failed },
    };
  } catch (error) {
    return {
      status: "unavailable",
      database: { reachable: false, latencyMs: null, error: error instanceof Error ? error.message : String(error) },
      migrations: null,
    };
  } finally {
    await client?.end().catch(() => {});
  }
}
