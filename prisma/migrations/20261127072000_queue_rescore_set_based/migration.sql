-- The rating queue's rescore after a change of display judge (issue 20: 1,000,000 queue rows
-- took about 25 s), and the queue's trigger on judge_scores (below). Each rescore batch
-- called queue_score() once per queue row: a SQL function with two sub-selects, which
-- PostgreSQL cannot inline, so every row paid a function call and two separate index probes.
-- A batch is now two set-based UPDATEs over the batch's range of turn ids, read through
-- judge_scores' (judge_id, turn_id) index:
--   1. rows the display judge scored take its score;
--   2. rows it did not score take the heuristic judge v1's.
-- The two sets do not overlap, so each row is written at most once, and only when its score
-- changes, as before. The result is queue_score()'s for every row: the display judge's score
-- where it has one, else v1's, and no change when neither has one. Plans are made for each
-- batch's bounds (plan_cache_mode), never a generic plan that could read the whole table.
-- Measured on 100,000 queue rows with load 13-18 on 2 cores: 2.6-2.8 s of PostgreSQL CPU
-- before, 0.7-0.9 s after, on the same data in the same run.
CREATE OR REPLACE FUNCTION "rescore_queue_batch"(p_limit integer) RETURNS integer LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  after_id integer;
  display_judge integer;
  seed_judge integer;
  last_id integer;
  n integer;
BEGIN
  SELECT queue_rescore_after, judge_id INTO after_id, display_judge FROM session_display FOR UPDATE;
  IF after_id IS NULL THEN RETURN 0; END IF;
  seed_judge := (SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1');
  SELECT max(turn_id), count(*) INTO last_id, n
  FROM (SELECT turn_id FROM queue_items WHERE turn_id > after_id ORDER BY turn_id LIMIT p_limit) batch;
  IF n > 0 THEN
    IF display_judge IS NOT NULL THEN
      UPDATE queue_items q SET judge_score = d.overall_score
      FROM judge_scores d
      WHERE d.judge_id = display_judge AND d.turn_id > after_id AND d.turn_id <= last_id
        AND q.turn_id > after_id AND q.turn_id <= last_id AND q.turn_id = d.turn_id
        AND q.judge_score IS DISTINCT FROM d.overall_score;
    END IF;
    UPDATE queue_items q SET judge_score = v.overall_score
    FROM judge_scores v
    WHERE v.judge_id = seed_judge AND v.turn_id > after_id AND v.turn_id <= last_id
      AND q.turn_id > after_id AND q.turn_id <= last_id AND q.turn_id = v.turn_id
      AND q.judge_score IS DISTINCT FROM v.overall_score
      AND NOT EXISTS (SELECT 1 FROM judge_scores d WHERE d.turn_id = v.turn_id AND d.judge_id = display_judge);
  END IF;
  UPDATE session_display SET queue_rescore_after = CASE WHEN n < p_limit THEN NULL ELSE last_id END;
  RETURN n;
END
$$;

-- The same for the trigger on judge_scores: heuristic v1's new scores enter the queue with
-- the display judge's score where it has one. That was a queue_score() call per row, paid by
-- every import once a weights version is active (its judge is then the display judge); it is
-- now a sub-select on the (turn_id, judge_id) key, the same answer (the v1 score of the row
-- is the one being written). Measured on 10,000 new v1 scores under another display judge:
-- 580-600 ms of PostgreSQL CPU per statement before, 470-500 ms after. Otherwise unchanged.
CREATE OR REPLACE FUNCTION "queue_items_add_scored"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seed_judge integer;
  display_judge integer;
  turn_ids integer[];
  scores double precision[];
BEGIN
  PERFORM lock_session_display();
  seed_judge := (SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1');
  display_judge := (SELECT judge_id FROM session_display);
  IF seed_judge IS NULL THEN RETURN NULL; END IF;

  IF display_judge IS NOT NULL AND display_judge <> seed_judge THEN
    SELECT array_agg(turn_id), array_agg(overall_score) INTO turn_ids, scores FROM new_scores WHERE judge_id = display_judge;
    IF turn_ids IS NOT NULL THEN
      UPDATE queue_items q SET judge_score = x.score
      FROM unnest(turn_ids, scores) AS x(turn_id, score)
      WHERE q.turn_id = ANY(turn_ids) AND q.turn_id = x.turn_id AND q.judge_score IS DISTINCT FROM x.score;
    END IF;
  END IF;

  INSERT INTO queue_items (turn_id, persona_id, session_id, occurred_at, judge_score, rating_count)
  SELECT n.turn_id, t.persona_id, t.session_id, COALESCE(t.occurred_at, s.started_at, s.created_at),
         CASE WHEN display_judge IS NULL OR display_judge = seed_judge THEN n.overall_score
              ELSE COALESCE((SELECT d.overall_score FROM judge_scores d WHERE d.turn_id = n.turn_id AND d.judge_id = display_judge), n.overall_score) END,
         (SELECT count(*) FROM ratings r WHERE r.turn_id = n.turn_id AND r.criterion = 'overall')
  FROM new_scores n
  JOIN turns t ON t.id = n.turn_id
  JOIN eval_sessions s ON s.id = t.session_id
  WHERE n.judge_id = seed_judge
  ON CONFLICT (turn_id) DO UPDATE SET judge_score = EXCLUDED.judge_score
  WHERE queue_items.judge_score IS DISTINCT FROM EXCLUDED.judge_score;
  RETURN NULL;
END
$$;
