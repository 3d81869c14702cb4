import "server-only";
// Rows for the thresholds integration tests: a scratch database of their own (threshold
// versions have one active row per database), and scored, rated turns written directly.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { applyMigrations } from "@/lib/server/migrate";
import { overallFromComponents, type ScoreComponents } from "@/lib/thresholds/overall-from-components";
import { judgeConfigFor } from "@/lib/thresholds/weights";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { getDb } from "../db";
import { ensureRecomputeJob } from "./ensure-recompute-job";
import { closeScorePool, scorePool } from "./score-pool";

/** Points DATABASE_URL at a fresh, migrated database; the returned function drops it. */
export async function useScratchDatabase(): Promise<() => Promise<void>> {
  const originalUrl = process.env.DATABASE_URL;
  const scratch = await createScratchDatabase(inject("databaseUrl"));
  await applyMigrations(scratch.url);
  process.env.DATABASE_URL = scratch.url;
  return async () => {
    await closeScorePool();
    await getDb().$disconnect();
    process.env.DATABASE_URL = originalUrl;
    await scratch.drop();
  };
}

export type TurnSpec = ScoreComponents & { personaId: string; ratings?: number[]; adjudicated?: number };

const SEED_CONFIG = judgeConfigFor(SEED_THRESHOLDS.weights);

/**
 * One session with these turns, each scored by the heuristic judge v1 (its overall score
 * computed from the components with the seed's weights) and rated by annotators r0, r1, …
 */
export async function insertScoredSession(turns: readonly TurnSpec[]): Promise<{ sessionId: number; externalId: string; turnIds: number[] }> {
  const { sourceJudgeId } = await ensureRecomputeJob(SEED_THRESHOLDS.weights);
  const client = await scorePool().connect();
  try {
    await client.query("BEGIN");
    const externalId = `thresholds-${randomUUID()}`;
    const session = await client.query<{ id: number }>(
      "INSERT INTO eval_sessions (external_id, content_hash, turn_count, updated_at) VALUES ($1, $1, $2, now()) RETURNING id",
      [externalId, turns.length],
    );
    const sessionId = session.rows[0].id;
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw)
       SELECT $1, o - 1, p, 'response', 1, '{}'::jsonb FROM unnest($2::text[]) WITH ORDINALITY AS u(p, o) ORDER BY o RETURNING id`,
      [sessionId, turns.map((turn) => turn.personaId)],
    );
    const turnIds = inserted.rows.map((row) => row.id).sort((a, b) => a - b);
    await client.query(
      `INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score, critical_intensity)
       SELECT * FROM unnest($1::int[], $2::int[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])`,
      [
        turnIds,
        turnIds.map(() => sourceJudgeId),
        turns.map((turn) => overallFromComponents(turn, turn.personaId, SEED_CONFIG)),
        turns.map((turn) => turn.length),
        turns.map((turn) => turn.sentiment),
        turns.map((turn) => turn.completeness),
        turns.map((turn) => turn.critical),
      ],
    );
    const ratings = turns.flatMap((turn, i) => (turn.ratings ?? []).map((level, r) => ({ turnId: turnIds[i], annotator: `r${r}`, level })));
    if (ratings.length > 0) {
      await client.query(
        `INSERT INTO ratings (turn_id, annotator, level, source)
         SELECT t, a, l, 'imported' FROM unnest($1::int[], $2::text[], $3::int[]) AS u(t, a, l)`,
        [ratings.map((r) => r.turnId), ratings.map((r) => r.annotator), ratings.map((r) => r.level)],
      );
    }
    const adjudicated = turns.flatMap((turn, i) => (turn.adjudicated === undefined ? [] : [{ turnId: turnIds[i], level: turn.adjudicated }]));
    for (const row of adjudicated) await client.query("INSERT INTO adjudications (turn_id, level) VALUES ($1, $2)", [row.turnId, row.level]);
    await client.query("COMMIT");
    return { sessionId, externalId, turnIds };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}
