// Data for e2e/cascades.spec.ts, written straight into the test server's database: two LLM
// judges on endpoints with prices (a cheap, noisy screener and a strong judge that mostly
// agrees with people), their scores and token counts on 80 turns of a session of their own,
// and one human rating per turn. The endpoints are never called.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { testDatabaseUrl } from "../fixtures";

export type SeededCascade = { screener: string; strong: string; turns: number };

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

/** Middles of the levels under the seed cut-offs (0.5, 0.65, 0.8). */
const MIDDLE = [0.25, 0.575, 0.725, 0.9];
const TURNS = 80;

export async function seedCascade(): Promise<SeededCascade> {
  const id = randomUUID().slice(0, 8);
  const next = random(20_261_127);
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    const judge = async (model: string, prices: [number, number]) => {
      const endpoint = await client.query<{ id: number }>(
        "INSERT INTO judge_endpoints (name, base_url, model, input_price_per_million, output_price_per_million, updated_at) VALUES ($1, 'http://127.0.0.1:9/v1', $2, $3, $4, now()) RETURNING id",
        [`e2e-${model}`, model, ...prices],
      );
      const row = await client.query<{ id: number }>("INSERT INTO judges (name, version, kind, endpoint_id) VALUES ($1, 'p2', 'llm', $2) RETURNING id", [`llm:${model}`, endpoint.rows[0].id]);
      return row.rows[0].id;
    };
    const screener = `e2e-mini-${id}`;
    const strong = `e2e-large-${id}`;
    const screenerId = await judge(screener, [0.15, 0.6]);
    const strongId = await judge(strong, [2.5, 10]);
    const session = await client.query<{ id: number }>(
      "INSERT INTO eval_sessions (external_id, content_hash, kind, started_at, turn_count, updated_at) VALUES ($1, $1, 'generic', '2026-02-02T09:00:00Z', $2, now()) RETURNING id",
      [`e2e-cascade-${id}`, TURNS],
    );
    for (let ordinal = 0; ordinal < TURNS; ordinal++) {
      const level = 1 + Math.floor(next() * 4);
      const strongLevel = next() < 0.9 ? level : Math.max(1, Math.min(4, level + (next() < 0.5 ? -1 : 1)));
      const screenerScore = Math.round(Math.min(1, Math.max(0, MIDDLE[level - 1] + (next() - 0.5) * 0.3)) * 1000) / 1000;
      const turn = await client.query<{ id: number }>(
        "INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw) VALUES ($1, $2, 'thesis', $3, 12, '{}'::jsonb) RETURNING id",
        [session.rows[0].id, ordinal, `Cascade spec response ${ordinal + 1}: a claim and a reason.`],
      );
      const turnId = turn.rows[0].id;
      await client.query(
        "INSERT INTO judge_scores (turn_id, judge_id, overall_score, input_tokens, output_tokens) VALUES ($1, $2, $3, 300, 40), ($1, $4, $5, 1500, 80)",
        [turnId, screenerId, screenerScore, strongId, MIDDLE[strongLevel - 1]],
      );
      await client.query("INSERT INTO ratings (turn_id, annotator, criterion, level, score, source) VALUES ($1, $2, 'overall', $3::int, $3::int, 'imported')", [turnId, `annotator-${id}`, level]);
    }
    await client.query("COMMIT");
    return { screener: `llm:${screener}`, strong: `llm:${strong}`, turns: TURNS };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
