import "server-only";
import type pg from "pg";
import type { StoredScore } from "@/lib/thresholds/overall-from-components";

export type StoredScoreRow = StoredScore & { turnId: number; sessionId: number; impact: number | null };

type Queryable = Pick<pg.Pool, "query">;

const COLUMNS = `s.turn_id, t.session_id, t.persona_id, s.overall_score, s.length_score, s.sentiment_score,
  s.completeness_score, s.critical_intensity, s.impact_score`;

type Row = [number, number, string, number, number | null, number | null, number | null, number | null, number | null];

function toRow(row: Row): StoredScoreRow {
  const [turnId, sessionId, personaId, overall, length, sentiment, completeness, critical, impact] = row;
  return { turnId, sessionId, personaId, overall, length, sentiment, completeness, critical, impact };
}

/**
 * One judge's stored scores with each turn's session and persona, in turn order, in batches
 * (keyset on turn_id over the judge_id, turn_id index): memory stays flat on a million turns.
 */
export async function* readScoreBatches(
  client: Queryable,
  { judgeId, afterTurnId = 0, batchSize = 10_000 }: { judgeId: number; afterTurnId?: number; batchSize?: number },
): AsyncGenerator<StoredScoreRow[]> {
  let after = afterTurnId;
  for (;;) {
    const { rows } = await client.query<Row>({
      text: `SELECT ${COLUMNS} FROM judge_scores s JOIN turns t ON t.id = s.turn_id
             WHERE s.judge_id = $1 AND s.turn_id > $2 ORDER BY s.turn_id LIMIT $3`,
      values: [judgeId, after, batchSize],
      rowMode: "array",
    });
    if (rows.length === 0) return;
    const batch = rows.map(toRow);
    after = batch[batch.length - 1].turnId;
    yield batch;
    if (rows.length < batchSize) return;
  }
}

/** The stored scores of the given turns only (e.g. the rated ones). */
export async function readScoresOfTurns(client: Queryable, judgeId: number, turnIds: readonly number[]): Promise<StoredScoreRow[]> {
  if (turnIds.length === 0) return [];
  const { rows } = await client.query<Row>({
    text: `SELECT ${COLUMNS} FROM judge_scores s JOIN turns t ON t.id = s.turn_id
           WHERE s.judge_id = $1 AND s.turn_id = ANY($2::int[]) ORDER BY s.turn_id`,
    values: [judgeId, turnIds],
    rowMode: "array",
  });
  return rows.map(toRow);
}
