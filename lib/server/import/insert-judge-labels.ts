import "server-only";
import type { Tx } from "./import-types";

/** A judge's answer on a label criterion, for the turn named by session id and ordinal. */
export type JudgeLabelRow = { session_id: number; ordinal: number; label: string | null; labels: string[] | null; confidence: number | null };

const INSERT_JUDGE_LABELS = `
INSERT INTO judge_labels (turn_id, judge_id, label, labels, confidence, is_imported)
SELECT t.id, $2, x.label, x.labels, x.confidence, true
FROM jsonb_to_recordset($1::jsonb) AS x(session_id int, ordinal int, label text, labels text[], confidence float8)
JOIN turns t ON t.session_id = x.session_id AND t.ordinal = x.ordinal`;

/** Writes the imported judge's labels (judge_labels, is_imported) in the caller's transaction. */
export async function insertJudgeLabels(tx: Tx, judgeId: number, rows: readonly JudgeLabelRow[], batchSize = 5000): Promise<number> {
  let written = 0;
  for (let at = 0; at < rows.length; at += batchSize) {
    written += (await tx.query(INSERT_JUDGE_LABELS, [JSON.stringify(rows.slice(at, at + batchSize)), judgeId])).rowCount ?? 0;
  }
  return written;
}
