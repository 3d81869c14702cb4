// Data for e2e/weight-fit.spec.ts, written straight into the test server's database:
// sessions of rated turns scored by the heuristic judge v1 under the seed's weights, whose
// human levels follow other weights (planted-weight-turns.ts), so the fit has something to find.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { plantedTurns } from "@/lib/calibration/planted-weight-turns";
import { testDatabaseUrl } from "../fixtures";

/** 50 sessions of 6 rated turns (thesis, antithesis, synthesis). */
export async function seedPlantedSessions(): Promise<void> {
  const turns = plantedTurns({ sessions: 50, turnsPerSession: 6, noise: 0.03, seed: 31 });
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING");
    const judge = await client.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
    for (let s = 0; s < 50; s++) {
      const externalId = `e2e-weight-fit-${randomUUID()}`;
      const session = await client.query<{ id: number }>(
        "INSERT INTO eval_sessions (external_id, content_hash, turn_count, seed_prompt, updated_at) VALUES ($1, $1, 6, 'Which weights fit the ratings?', now()) RETURNING id",
        [externalId],
      );
      for (let t = 0; t < 6; t++) {
        const turn = turns[s * 6 + t];
        const inserted = await client.query<{ id: number }>(
          "INSERT INTO turns (session_id, ordinal, persona_id, persona_role, response, word_count, raw) VALUES ($1, $2, $3, 'Explorer', $4, 5, '{}') RETURNING id",
          [session.rows[0].id, t, turn.personaId, `A response about weights, number ${t}.`],
        );
        await client.query(
          "INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score, critical_intensity) VALUES ($1, $2, $3, $4, $5, $6, $7)",
          [inserted.rows[0].id, judge.rows[0].id, turn.currentScore, turn.length, turn.sentiment, turn.completeness, turn.personaId === "antithesis" ? turn.critical : null],
        );
        await client.query("INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'e2e-fit', $2, 'imported')", [inserted.rows[0].id, turn.level]);
      }
    }
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}
