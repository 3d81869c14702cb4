-- A change of display judge rescores the queue on two connections at once (issue 20: a
-- million queue rows took 9.4–11.6 s on one core, about 10 µs per changed row, nearly all of
-- it the row's new version and its two index entries, which no plan avoids). The work on a
-- range of turn ids is one function, rescore_queue_rows; two callers use it:
--   - rescore_queue_batch, as before: the next batch after the stored watermark, under the
--     session_display row locked FOR UPDATE, which it then advances (batches take turns);
--   - rescore_queue_range, for lib/server/queue/rescore-queue.ts, which runs two ranges at
--     once and then advances the watermark itself (compare-and-set): it holds the row FOR
--     SHARE, so two ranges run together while a new change of display judge (an UPDATE of
--     that row) waits for them, and it does nothing, returning false, when the display judge
--     is no longer the one the caller planned for or nothing is left to rescore.
-- A range done twice (a crash between its commit and the watermark's) changes nothing the
-- second time: rows are only written where the score differs.

CREATE FUNCTION "rescore_queue_rows"(p_display_judge integer, p_after integer, p_upto integer) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  seed_judge integer;
  margin double precision;
  fair double precision;
  good double precision;
  excellent double precision;
BEGIN
  -- Derived rows, redone from the watermark after a crash: a batch need not wait for the disk.
  PERFORM set_config('synchronous_commit', 'off', true);
  seed_judge := (SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1');
  SELECT COALESCE((v->>'cutoffMargin')::float8, 0.02) INTO margin
  FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s;
  SELECT COALESCE(t.fair_cutoff, 0.5), COALESCE(t.good_cutoff, 0.65), COALESCE(t.excellent_cutoff, 0.8) INTO fair, good, excellent
  FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true;
  IF p_display_judge IS NULL OR p_display_judge = seed_judge THEN
    -- Back under v1: its scores alone, one range of the (judge_id, turn_id) index (a row
    -- whose v1 score is gone keeps its score, as the join below leaves it).
    UPDATE queue_items q SET judge_score = x.score,
      escalation_reasons = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
        THEN CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END ELSE q.escalation_reasons END,
      escalation_priority = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
        THEN CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END ELSE q.escalation_priority END
    FROM (SELECT turn_id, overall_score AS score FROM judge_scores WHERE judge_id = seed_judge AND turn_id > p_after AND turn_id <= p_upto) x
    CROSS JOIN LATERAL (SELECT LEAST(abs(x.score - fair), abs(x.score - good), abs(x.score - excellent)) AS d) near
    WHERE q.turn_id > p_after AND q.turn_id <= p_upto AND q.turn_id = x.turn_id
      AND q.judge_score IS DISTINCT FROM x.score;
  ELSE
    UPDATE queue_items q SET judge_score = x.score,
      escalation_reasons = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
        THEN CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END ELSE q.escalation_reasons END,
      escalation_priority = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
        THEN CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END ELSE q.escalation_priority END
    FROM (
      SELECT COALESCE(d.turn_id, v.turn_id) AS turn_id, COALESCE(d.overall_score, v.overall_score) AS score
      FROM (SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = p_display_judge AND turn_id > p_after AND turn_id <= p_upto) d
      FULL JOIN (SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = seed_judge AND turn_id > p_after AND turn_id <= p_upto) v
        ON v.turn_id = d.turn_id
    ) x
    CROSS JOIN LATERAL (SELECT LEAST(abs(x.score - fair), abs(x.score - good), abs(x.score - excellent)) AS d) near
    WHERE q.turn_id > p_after AND q.turn_id <= p_upto AND q.turn_id = x.turn_id
      AND q.judge_score IS DISTINCT FROM x.score;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "rescore_queue_batch"(p_limit integer) RETURNS integer LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  after_id integer;
  display_judge integer;
  last_id integer;
  n integer;
BEGIN
  SELECT queue_rescore_after, judge_id INTO after_id, display_judge FROM session_display FOR UPDATE;
  IF after_id IS NULL THEN RETURN 0; END IF;
  SELECT max(turn_id), count(*) INTO last_id, n
  FROM (SELECT turn_id FROM queue_items WHERE turn_id > after_id ORDER BY turn_id LIMIT p_limit) batch;
  IF n > 0 THEN PERFORM rescore_queue_rows(display_judge, after_id, last_id); END IF;
  UPDATE session_display SET queue_rescore_after = CASE WHEN n < p_limit THEN NULL ELSE last_id END;
  RETURN n;
END
$$;

CREATE FUNCTION "rescore_queue_range"(p_judge integer, p_after integer, p_upto integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  display_judge integer;
  after_id integer;
BEGIN
  SELECT judge_id, queue_rescore_after INTO display_judge, after_id FROM session_display FOR SHARE;
  IF after_id IS NULL OR display_judge IS DISTINCT FROM p_judge THEN RETURN false; END IF;
  PERFORM rescore_queue_rows(display_judge, p_after, p_upto);
  RETURN true;
END
$$;
