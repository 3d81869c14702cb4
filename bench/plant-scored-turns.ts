import type pg from "pg";

/**
 * Fills an empty bench database: sessions of `turnsPerSession` turns, every turn scored by
 * `judgeId` with random metrics (two decimals, the overall score by the seed's weights) and
 * `ratedTurns` random turns rated by two raters; then VACUUM ANALYZE.
 */
export async function plantScoredTurns(pool: pg.Pool, options: { judgeId: number; turns: number; turnsPerSession: number; ratedTurns: number }): Promise<void> {
  const { judgeId, turns, turnsPerSession, ratedTurns } = options;
  await pool.query(
    `INSERT INTO eval_sessions (external_id, content_hash, turn_count, updated_at)
     SELECT 'bench-' || g, 'h' || g, $1, now() FROM generate_series(1, $2) g`,
    [turnsPerSession, turns / turnsPerSession],
  );
  await pool.query(
    `INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw)
     SELECT s.id, o, (ARRAY['thesis', 'antithesis', 'synthesis', 'monitor'])[o % 4 + 1], 'r', 1, '{}'::jsonb
     FROM eval_sessions s CROSS JOIN generate_series(0, $1 - 1) o ORDER BY s.id, o`,
    [turnsPerSession],
  );
  await pool.query(
    `INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score, critical_intensity)
     SELECT id, $1, round((0.2 * l + 0.2 * abs(s) + 0.6 * c)::numeric, 2)::float8, l, s, c, ci FROM (
       SELECT t.id, round(random()::numeric, 2)::float8 AS l, round((random() * 2 - 1)::numeric, 2)::float8 AS s,
         round(random()::numeric, 2)::float8 AS c,
         CASE WHEN t.persona_id = 'antithesis' THEN round(random()::numeric, 2)::float8 END AS ci
       FROM turns t) x`,
    [judgeId],
  );
  await pool.query(
    `INSERT INTO ratings (turn_id, annotator, level, source)
     SELECT t.id, a, 1 + floor(random() * 4)::int, 'imported' FROM (SELECT id FROM turns ORDER BY random() LIMIT $1) t
     CROSS JOIN (VALUES ('r1'), ('r2')) AS v(a)`,
    [ratedTurns],
  );
  await pool.query("VACUUM ANALYZE");
}
