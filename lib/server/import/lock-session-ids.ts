import "server-only";
import { advisoryLockKey } from "@/lib/ingest/content-hash";
import type { Tx } from "./import-types";

/**
 * Takes a transaction-scoped advisory lock per session id, in ascending key order (so two
 * imports sharing sessions cannot deadlock), in one statement: a second import of the same
 * sessions waits here until the first commits, then sees its rows.
 */
export async function lockSessionIds(tx: Tx, externalIds: readonly string[]): Promise<void> {
  const keys = [...new Set(externalIds.map(advisoryLockKey))].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await tx.query(
    `SELECT count(pg_advisory_xact_lock(key)) AS locked
     FROM (SELECT key FROM unnest($1::bigint[]) WITH ORDINALITY AS t(key, i) ORDER BY i) AS ordered`,
    [keys],
  );
}
