import "server-only";
// Planting data for the agreement tests. Each test makes its own judge, sessions and
// threshold version (names from a random id), so that the shared test database's other
// rows never enter its scope.
import { randomUUID } from "node:crypto";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { getDb } from "@/lib/server/db";
import { ensureSeedThresholds } from "@/lib/server/thresholds/get-active-thresholds";

export type PlantedTurn = {
  persona?: string;
  score: number;
  /** [annotator, level] */
  ratings: [string, number][];
  words?: number;
  occurredAt?: string;
  dimension?: string;
};

export type Planted = { judge: string; judgeId: number; sessionId: number; turnIds: number[]; importId: number | null };

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** A judge of kind "imported", one session holding the turns, their scores and ratings (source imported). */
export async function plantTurns(turns: PlantedTurn[], options: { judge?: string; withImport?: boolean } = {}): Promise<Planted> {
  const db = getDb();
  const judge = options.judge ?? uniqueName("agreement-test");
  const [{ id: judgeId }] = await db.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'imported')
     ON CONFLICT (name, version) DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    judge,
  );
  const importId = options.withImport
    ? (await db.$queryRawUnsafe<{ id: number }[]>(`INSERT INTO imports (source, file_name, format, content_hash) VALUES ('cli', $1, 'generic', md5($1)) RETURNING id`, `${judge}.jsonl`))[0].id
    : null;
  const [{ id: sessionId }] = await db.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO eval_sessions (external_id, content_hash, kind, import_id, started_at, turn_count)
     VALUES ($1, md5($1), 'generic', $2, '2026-03-02T10:00:00Z', $3) RETURNING id`,
    uniqueName("agreement-session"),
    importId,
    turns.length,
  );
  const rows = turns.map((turn, ordinal) => ({
    ordinal,
    persona: turn.persona ?? "thesis",
    words: turn.words ?? 40,
    occurred_at: turn.occurredAt ?? null,
    dimension: turn.dimension ?? null,
  }));
  const inserted = await db.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, occurred_at, dimension, raw)
     SELECT $1, r.ordinal, r.persona, 'Response ' || r.ordinal, r.words, r.occurred_at, r.dimension, '{}'::jsonb
     FROM jsonb_to_recordset($2::jsonb) AS r(ordinal int, persona text, words int, occurred_at timestamptz, dimension text)
     ORDER BY r.ordinal RETURNING id`,
    sessionId,
    JSON.stringify(rows),
  );
  const turnIds = inserted.map((row) => row.id).sort((a, b) => a - b);
  await db.$executeRawUnsafe(
    `INSERT INTO judge_scores (turn_id, judge_id, overall_score, is_imported)
     SELECT (r->>'turn')::int, $1, (r->>'score')::float8, true FROM jsonb_array_elements($2::jsonb) r`,
    judgeId,
    JSON.stringify(turns.map((turn, i) => ({ turn: turnIds[i], score: turn.score }))),
  );
  const ratings = turns.flatMap((turn, i) => turn.ratings.map(([annotator, level]) => ({ turn: turnIds[i], annotator, level })));
  if (ratings.length > 0) {
    await db.$executeRawUnsafe(
      `INSERT INTO ratings (turn_id, annotator, criterion, level, score, source)
       SELECT r.turn, r.annotator, 'overall', r.level, r.level, 'imported'
       FROM jsonb_to_recordset($1::jsonb) AS r(turn int, annotator text, level int)`,
      JSON.stringify(ratings),
    );
  }
  return { judge, judgeId, sessionId, turnIds, importId };
}

/** An inactive threshold version with these cut-offs (a random, unused version number). */
export async function createThresholdVersion(cutoffs: { fair: number; good: number; excellent: number }): Promise<number> {
  // The seed's active version 1 first: on a fresh test database, an inactive version stored
  // before it would leave none active (the seed is only stored on a database with no version),
  // and every later test file that reads the active thresholds would get a 404.
  await ensureSeedThresholds();
  for (;;) {
    const version = 100_000 + Math.floor(Math.random() * 1_000_000_000);
    const rows = await getDb().$queryRawUnsafe<{ version: number }[]>(
      `INSERT INTO threshold_versions (version, fair_cutoff, good_cutoff, excellent_cutoff, persona_weights, note, is_active)
       VALUES ($1, $2, $3, $4, $5::jsonb, 'agreement test', false) ON CONFLICT (version) DO NOTHING RETURNING version`,
      version,
      cutoffs.fair,
      cutoffs.good,
      cutoffs.excellent,
      JSON.stringify(SEED_THRESHOLDS.weights),
    );
    if (rows.length > 0) return rows[0].version;
  }
}
