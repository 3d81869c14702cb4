// Data for the walk-through specs, written straight into the test server's database: one
// session whose own id holds a slash, a space and Hangul (it must survive a URL), with a turn
// scored just under the Fair cut-off and an adjudicated disagreement.
import pg from "pg";
import { testDatabaseUrl } from "../fixtures";
import { uniqueMarker } from "./sessions-data";

export type WalkthroughSession = { id: number; externalId: string; marker: string };

export async function seedWalkthroughSession(): Promise<WalkthroughSession> {
  const marker = uniqueMarker();
  const externalId = `walk/${marker} 세션`;
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING");
    const judge = (await client.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'")).rows[0].id;
    const admin = (await client.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1")).rows[0].id;
    const session = await client.query<{ id: number }>(
      `INSERT INTO eval_sessions (external_id, content_hash, seed_prompt, started_at, turn_count, updated_at)
       VALUES ($1, $1, $2, '2026-03-02T09:00:00Z', 2, now()) RETURNING id`,
      [externalId, `${marker} 한국어 질문: how do cities adapt to heat?`],
    );
    const id = session.rows[0].id;
    const turns = [
      { persona: "thesis", response: "도시는 나무를 심고 지붕을 하얗게 칠해 열을 줄일 수 있습니다.", score: 0.4989 },
      { persona: "antithesis", response: "Trees take decades to grow; shade structures help sooner.", score: 0.7 },
    ];
    for (const [ordinal, turn] of turns.entries()) {
      const row = await client.query<{ id: number }>(
        `INSERT INTO turns (session_id, ordinal, depth_index, step_index, persona_id, response, word_count, raw)
         VALUES ($1, $2, 1, $2 + 1, $3, $4, 9, '{}') RETURNING id`,
        [id, ordinal, turn.persona, turn.response],
      );
      const turnId = row.rows[0].id;
      await client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics) VALUES ($1, $2, $3, $4)", [turnId, judge, turn.score, { overall_score: turn.score }]);
      if (ordinal === 1) {
        await client.query("INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'walk-a', 1, 'imported'), ($1, 'walk-b', 4, 'imported')", [turnId]);
        await client.query("INSERT INTO adjudications (turn_id, level, note, adjudicator_id) VALUES ($1, 3, 'Both raters missed half of it; Good.', $2)", [turnId, admin]);
      }
    }
    await client.query("COMMIT");
    return { id, externalId, marker };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
