-- A change of display judge (issue 20), two reads fewer:
--   - back to the heuristic judge v1, the queue's rescore reads v1's scores once, not twice
--     through a full join of a judge with itself;
--   - "does either judge have scores" looks at each judge's first score on the
--     (judge_id, turn_id) index, where EXISTS over both judges was planned as a sequential
--     scan (the planner expects an early hit; the rows of a later judge lie after all of v1's).

CREATE OR REPLACE FUNCTION "rescore_queue_batch"(p_limit integer) RETURNS integer LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  after_id integer;
  display_judge integer;
  seed_judge integer;
  last_id integer;
  n integer;
  margin double precision;
  fair double precision;
  good double precision;
  excellent double precision;
BEGIN
  SELECT queue_rescore_after, judge_id INTO after_id, display_judge FROM session_display FOR UPDATE;
  IF after_id IS NULL THEN RETURN 0; END IF;
  -- Derived rows, redone from the watermark after a crash: a batch need not wait for the disk.
  PERFORM set_config('synchronous_commit', 'off', true);
  seed_judge := (SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1');
  SELECT COALESCE((v->>'cutoffMargin')::float8, 0.02) INTO margin
  FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s;
  SELECT COALESCE(t.fair_cutoff, 0.5), COALESCE(t.good_cutoff, 0.65), COALESCE(t.excellent_cutoff, 0.8) INTO fair, good, excellent
  FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true;
  SELECT max(turn_id), count(*) INTO last_id, n
  FROM (SELECT turn_id FROM queue_items WHERE turn_id > after_id ORDER BY turn_id LIMIT p_limit) batch;
  IF n > 0 THEN
    IF display_judge IS NULL OR display_judge = seed_judge THEN
      -- Back under v1: its scores alone, one range of the (judge_id, turn_id) index (a row
      -- whose v1 score is gone keeps its score, as the join below leaves it).
      UPDATE queue_items q SET judge_score = x.score,
        escalation_reasons = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
          THEN CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END ELSE q.escalation_reasons END,
        escalation_priority = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
          THEN CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END ELSE q.escalation_priority END
      FROM (SELECT turn_id, overall_score AS score FROM judge_scores WHERE judge_id = seed_judge AND turn_id > after_id AND turn_id <= last_id) x
      CROSS JOIN LATERAL (SELECT LEAST(abs(x.score - fair), abs(x.score - good), abs(x.score - excellent)) AS d) near
      WHERE q.turn_id > after_id AND q.turn_id <= last_id AND q.turn_id = x.turn_id
        AND q.judge_score IS DISTINCT FROM x.score;
    ELSE
      UPDATE queue_items q SET judge_score = x.score,
        escalation_reasons = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
          THEN CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END ELSE q.escalation_reasons END,
        escalation_priority = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
          THEN CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END ELSE q.escalation_priority END
      FROM (
        SELECT COALESCE(d.turn_id, v.turn_id) AS turn_id, COALESCE(d.overall_score, v.overall_score) AS score
        FROM (SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = display_judge AND turn_id > after_id AND turn_id <= last_id) d
        FULL JOIN (SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = seed_judge AND turn_id > after_id AND turn_id <= last_id) v
          ON v.turn_id = d.turn_id
      ) x
      CROSS JOIN LATERAL (SELECT LEAST(abs(x.score - fair), abs(x.score - good), abs(x.score - excellent)) AS d) near
      WHERE q.turn_id > after_id AND q.turn_id <= last_id AND q.turn_id = x.turn_id
        AND q.judge_score IS DISTINCT FROM x.score;
    END IF;
  END IF;
  UPDATE session_display SET queue_rescore_after = CASE WHEN n < p_limit THEN NULL ELSE last_id END;
  RETURN n;
END
$$;

CREATE OR REPLACE FUNCTION "set_session_display_judge"(p_judge_id integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  old_judge integer;
  seed_judge integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7270736901);
  SELECT judge_id INTO old_judge FROM session_display FOR UPDATE;
  IF old_judge IS NOT DISTINCT FROM p_judge_id THEN RETURN false; END IF;
  seed_judge := (SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1');
  UPDATE session_display SET judge_id = p_judge_id,
    queue_rescore_after = CASE
      WHEN COALESCE(old_judge, seed_judge) IS NOT DISTINCT FROM COALESCE(p_judge_id, seed_judge) THEN queue_rescore_after
      WHEN (old_judge IS DISTINCT FROM seed_judge
              AND (SELECT js.turn_id FROM judge_scores js WHERE js.judge_id = old_judge ORDER BY js.turn_id LIMIT 1) IS NOT NULL)
        OR (p_judge_id IS DISTINCT FROM seed_judge
              AND (SELECT js.turn_id FROM judge_scores js WHERE js.judge_id = p_judge_id ORDER BY js.turn_id LIMIT 1) IS NOT NULL) THEN 0
      ELSE queue_rescore_after END;
  PERFORM refresh_all_shown_scores();
  RETURN true;
END
$$;
