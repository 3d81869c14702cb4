import "server-only";
import type pg from "pg";
import { readScoreRows, UnknownPersonaError, type ScoreRows } from "./read-score-rows";

export type RecomputeBatch = ScoreRows & { personas: readonly string[] };

/** Every persona of a turn, `known` ones first (so their positions stay), walking the persona index. */
async function readPersonas(pool: pg.Pool, known: readonly string[]): Promise<string[]> {
  const { rows } = await pool.query<{ persona_id: string }>(
    `WITH RECURSIVE p AS (
       SELECT min(persona_id) AS persona_id FROM turns
       UNION ALL
       SELECT (SELECT min(persona_id) FROM turns WHERE persona_id > p.persona_id) FROM p WHERE p.persona_id IS NOT NULL
     ) SELECT persona_id FROM p WHERE persona_id IS NOT NULL`,
  );
  const personas = [...known];
  for (const row of rows) if (!personas.includes(row.persona_id)) personas.push(row.persona_id);
  return personas;
}

/**
 * One judge's stored scores after `afterTurnId`, in turn order, `batchSize` turns a batch, as
 * typed columns read by a binary COPY (readScoreRows): no number is formatted as text by
 * PostgreSQL or parsed here, and no row becomes an object. A batch's last turn is found first
 * on the (judge_id, turn_id) index, so each COPY reads one range.
 */
export async function* readRecomputeBatches(
  pool: pg.Pool,
  { judgeId, afterTurnId = 0, batchSize = 10_000 }: { judgeId: number; afterTurnId?: number; batchSize?: number },
): AsyncGenerator<RecomputeBatch> {
  let personas = await readPersonas(pool, []);
  let after = afterTurnId;
  for (;;) {
    const { rows } = await pool.query<{ turn_id: number }>(
      "SELECT turn_id FROM judge_scores WHERE judge_id = $1 AND turn_id > $2 ORDER BY turn_id OFFSET $3 LIMIT 1",
      [judgeId, after, batchSize - 1],
    );
    const upToTurnId = rows[0]?.turn_id ?? null;
    let batch: ScoreRows | null = null;
    while (batch === null) {
      batch = await readScoreRows(pool, judgeId, personas, { afterTurnId: after, upToTurnId }, batchSize).catch(async (error: unknown) => {
        if (!(error instanceof UnknownPersonaError)) throw error;
        personas = await readPersonas(pool, personas);
        return null;
      });
    }
    if (batch.n > 0) yield { ...batch, personas };
    if (upToTurnId === null) return;
    after = upToTurnId;
  }
}
