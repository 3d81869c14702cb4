// Data for e2e/agreement.spec.ts, written straight into the test server's database: a judge
// of its own (so the report's judge scope isolates it from the demo data and other specs),
// turns of two personas — one where the judge tracks the raters, one where it does not — two
// annotators on every turn, and pairwise comparisons with human verdicts.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { testDatabaseUrl } from "../fixtures";

export type SeededAgreement = { judge: string; judgeVersion: string; personas: { close: string; far: string }; turnIds: number[]; sessionId: number };

/** A small deterministic generator (mulberry32): the same data on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCORE_OF_LEVEL = [0.3, 0.57, 0.72, 0.9];
const WINNERS = ["model_a", "tie", "model_b"] as const;

export async function seedAgreement(options: { close?: number; far?: number } = {}): Promise<SeededAgreement> {
  const id = randomUUID().slice(0, 8);
  const judge = `e2e-agreement-${id}`;
  const personas = { close: `e2e-close-${id}`, far: `e2e-far-${id}` };
  const next = random(20_261_122);
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    const judgeRow = await client.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'imported') RETURNING id", [judge]);
    const judgeId = judgeRow.rows[0].id;
    const session = await client.query<{ id: number }>(
      "INSERT INTO eval_sessions (external_id, content_hash, kind, started_at, turn_count, updated_at) VALUES ($1, $1, 'generic', '2026-02-02T09:00:00Z', 0, now()) RETURNING id",
      [judge],
    );
    const sessionId = session.rows[0].id;
    const plan = [
      ...Array.from({ length: options.close ?? 48 }, () => personas.close),
      ...Array.from({ length: options.far ?? 24 }, () => personas.far),
    ];
    const turnIds: number[] = [];
    for (const [ordinal, persona] of plan.entries()) {
      const level = 1 + Math.floor(next() * 4);
      const isClose = persona === personas.close;
      // Close: the judge's level is the raters' level most of the time. Far: anything.
      const judgeLevel = isClose ? (next() < 0.8 ? level : Math.min(4, level + 1)) : 1 + Math.floor(next() * 4);
      const score = SCORE_OF_LEVEL[judgeLevel - 1] + next() * 0.05;
      const other = next() < 0.75 ? level : Math.max(1, Math.min(4, level + (next() < 0.5 ? -1 : 1)));
      const occurredAt = new Date(Date.UTC(2026, 1, 2 + (ordinal % 21), 10)).toISOString();
      const response = `Agreement spec response ${ordinal + 1} for ${persona}: a claim, a reason and an example.`;
      const turn = await client.query<{ id: number }>(
        "INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, occurred_at, raw) VALUES ($1, $2, $3, $4, $5, $6, '{}'::jsonb) RETURNING id",
        [sessionId, ordinal, persona, response, 10 + Math.floor(next() * 200), occurredAt],
      );
      const turnId = turn.rows[0].id;
      turnIds.push(turnId);
      await client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score, is_imported) VALUES ($1, $2, $3, true)", [turnId, judgeId, score]);
      await client.query(
        "INSERT INTO ratings (turn_id, annotator, criterion, level, score, source) VALUES ($1, $2, 'overall', $3::int, $3::int, 'imported'), ($1, $4, 'overall', $5::int, $5::int, 'imported')",
        [turnId, `annotator-a-${id}`, level, `annotator-b-${id}`, other],
      );
    }
    for (let i = 0; i + 1 < turnIds.length && i < 24; i += 2) {
      const human = WINNERS[Math.floor(next() * 3)];
      const pass1 = next() < 0.7 ? human : WINNERS[Math.floor(next() * 3)];
      const pass2 = next() < 0.6 ? pass1 : WINNERS[Math.floor(next() * 3)];
      await client.query(
        "INSERT INTO pairwise_comparisons (turn_a_id, turn_b_id, judge_id, pass1_winner, pass2_winner, winner, human_winner) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [turnIds[i], turnIds[i + 1], judgeId, pass1, pass2, pass1 === pass2 ? pass1 : "tie", human],
      );
    }
    await client.query("UPDATE eval_sessions SET turn_count = $2 WHERE id = $1", [sessionId, turnIds.length]);
    await client.query("COMMIT");
    return { judge, judgeVersion: "1", personas, turnIds, sessionId };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
