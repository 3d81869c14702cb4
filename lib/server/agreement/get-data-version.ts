import "server-only";
import { databaseUrl, getDb } from "@/lib/server/db";

/** The fingerprint of each database (by URL) and the snapshot it was read under. */
const globalForVersion = globalThis as unknown as { concordDataVersions?: Map<string, { snapshot: string; version: string }> };
const known = (globalForVersion.concordDataVersions ??= new Map());

/** Forgets the fingerprints read (a cold start, in the bench). */
export function clearDataVersions(): void {
  known.clear();
}

/**
 * A fingerprint of everything the agreement report reads: new or removed ratings,
 * adjudications (re-adjudicating updates created_at), gold items, scores, turns, sessions,
 * thresholds, comparisons, judges, users. The report cache is keyed by it, so a new rating
 * or adjudication is seen on the next request. Changes in place that none of these
 * catch (a score rewritten under the same row) are bounded by the cache's age limit.
 *
 * Counting 200,000 ratings costs tens of ms, which a warm report should not pay on every
 * request. The fingerprint is read together with the snapshot it was read under
 * (pg_current_snapshot(): which transactions were complete); a later request whose snapshot
 * is textually the same sees exactly the same committed data, so the fingerprint cannot have
 * changed and is not read again. Any transaction that wrote something moves the snapshot.
 */
export async function getDataVersion(): Promise<string> {
  const url = databaseUrl();
  const last = known.get(url);
  if (last) {
    const [{ snapshot }] = await getDb().$queryRawUnsafe<{ snapshot: string }[]>(`SELECT pg_current_snapshot()::text AS snapshot`);
    if (snapshot === last.snapshot) return last.version;
  }
  const [read] = await getDb().$queryRawUnsafe<{ snapshot: string; version: string }[]>(`
    SELECT pg_current_snapshot()::text AS snapshot, concat_ws(':',
      (SELECT max(id) FROM ratings), (SELECT count(*) FROM ratings),
      (SELECT max(id) FROM adjudications), (SELECT count(*) FROM adjudications),
      (SELECT extract(epoch FROM max(created_at)) FROM adjudications),
      (SELECT max(id) FROM gold_items), (SELECT count(*) FROM gold_items),
      (SELECT max(id) FROM judge_scores), (SELECT max(id) FROM judge_labels), (SELECT max(id) FROM turns),
      (SELECT max(id) FROM eval_sessions), (SELECT count(*) FROM eval_sessions),
      (SELECT max(id) FROM threshold_versions), (SELECT max(id) FROM threshold_versions WHERE is_active),
      (SELECT max(id) FROM pairwise_comparisons), (SELECT count(*) FROM pairwise_comparisons),
      (SELECT max(id) FROM judges), (SELECT max(id) FROM users), (SELECT max(id) FROM imports)
    ) AS version`);
  known.set(url, { snapshot: read.snapshot, version: read.version });
  return read.version;
}
