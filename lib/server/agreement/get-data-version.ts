import "server-only";
import { getDb } from "@/lib/server/db";

/**
 * A fingerprint of everything the agreement report reads: new or removed ratings,
 * adjudications (re-adjudicating updates created_at), gold items, scores, turns, sessions,
 * thresholds, comparisons, judges, users. The report cache is keyed by it, so a new rating
 * or adjudication is seen on the next request. Changes in place that none of these
 * catch (a score rewritten under the same row) are bounded by the cache's age limit.
 */
export async function getDataVersion(): Promise<string> {
  const rows = await getDb().$queryRawUnsafe<{ version: string }[]>(`
    SELECT concat_ws(':',
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
  return rows[0].version;
}
