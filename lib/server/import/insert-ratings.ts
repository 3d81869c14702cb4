import "server-only";
import type { Tx } from "./import-types";

export type RatingRow = {
  session_id: number;
  ordinal: number;
  annotator: string | null;
  rater_id: number | null;
  level: number | null;
  score: number | null;
  /** Binary and categorical criteria; absent elsewhere. */
  label?: string | null;
  /** Multi-label criteria: sorted, distinct; absent elsewhere. */
  labels?: string[] | null;
  source: "imported" | "queue";
  /** The ratings' time, ISO 8601; now when null. */
  created_at: string | null;
};

const INSERT_RATINGS = `
INSERT INTO ratings (turn_id, rater_id, annotator, criterion, level, score, label, labels, source, created_at)
SELECT t.id, r.rater_id, r.annotator, 'overall', r.level, r.score, r.label, r.labels, r.source::rating_source, COALESCE(r.created_at, now())
FROM jsonb_to_recordset($1::jsonb) AS r(session_id int, ordinal int, annotator text, rater_id int, level int,
  score float8, label text, labels text[], source text, created_at timestamptz)
JOIN turns t ON t.session_id = r.session_id AND t.ordinal = r.ordinal`;

/**
 * Writes ratings of turns named by session id and ordinal, on the "overall" criterion (for a
 * generic dataset's turn, the criterion is the turn's dimension, as the agreement report reads it).
 */
export async function insertRatings(tx: Tx, rows: readonly RatingRow[], batchSize = 5000): Promise<number> {
  let written = 0;
  for (let at = 0; at < rows.length; at += batchSize) {
    written += (await tx.query(INSERT_RATINGS, [JSON.stringify(rows.slice(at, at + batchSize))])).rowCount ?? 0;
  }
  return written;
}
