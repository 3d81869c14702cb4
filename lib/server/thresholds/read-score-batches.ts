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
