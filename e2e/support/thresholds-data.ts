// Data for e2e/thresholds.spec.ts, written straight into the test server's database: a
// session of turns scored by the heuristic judge v1, some rated, with overall scores on both
// sides of the cut-offs the spec moves.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { testDatabaseUrl } from "../fixtures";

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * One session of 24 thesis turns with overall scores 0.55 … 0.78 (seed weights:
 * 0.2·length + 0.6·completeness), each rated by two annotators; returns the session's id.
 */
export async function seedScoredSession(): Promise<number> {
  return withClient(async (client) => {
    await client.query("BEGIN");
    await client.query("INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING");
    const judge = await client.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
    const externalId = `e2e-thresholds-${randomUUID()}`;
    const session = await client.query<{ id: number }>(
      "INSERT INTO eval_sessions (external_id, content_hash, turn_count, seed_prompt, updated_at) VALUES ($1, $1, 24, 'How should thresholds move?', now()) RETURNING id",
      [externalId],
    );
    const sessionId = session.rows[0].id;
    for (let i = 0; i < 24; i++) {
      const completeness = Math.round(((0.55 + i * 0.01 - 0.2) / 0.6) * 1e6) / 1e6;
      const overall = Math.round((0.2 + 0.6 * completeness) * 100) / 100;
      const turn = await client.query<{ id: number }>(
        "INSERT INTO turns (session_id, ordinal, persona_id, persona_role, response, word_count, raw) VALUES ($1, $2, 'thesis', 'Seed explorer', $3, 5, '{}') RETURNING id",
        [sessionId, i, `An e2e response number ${i}.`],
      );
      await client.query(
        "INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score) VALUES ($1, $2, $3, 1, 0, $4)",
        [turn.rows[0].id, judge.rows[0].id, overall, completeness],
      );
      const level = overall >= 0.7 ? 3 : 2;
      await client.query(
        "INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'e2e-a', $2, 'imported'), ($1, 'e2e-b', $2, 'imported')",
        [turn.rows[0].id, level],
      );
    }
    await client.query("COMMIT");
    return sessionId;
  });
}

/** True when the active threshold version has the seed's cut-offs and weights (version 1's). */
export async function isSeedActive(): Promise<boolean> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ same: boolean }>(
      `SELECT a.fair_cutoff = $1 AND a.good_cutoff = $2 AND a.excellent_cutoff = $3 AND a.persona_weights = s.persona_weights AS same
       FROM threshold_versions a, threshold_versions s WHERE a.is_active AND s.version = 1`,
      [SEED_CUTOFFS.fair, SEED_CUTOFFS.good, SEED_CUTOFFS.excellent],
    );
    return rows[0]?.same ?? true;
  });
}
