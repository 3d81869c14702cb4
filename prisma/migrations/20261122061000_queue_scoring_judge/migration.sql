-- The rating queue orders by the active thresholds' scoring judge (issue 10: everything that
-- shows a quality level or an overall score follows the active version, the queue's order
-- included). queue_items.judge_score was the heuristic judge v1's score; it is now the
-- display judge's (session_display: the scoring judge, kept so by getDisplayScoring) where
-- it scored the turn, else v1's, so the queue follows new weights as their scores are
-- recomputed. Which turns are in the queue does not change: those the heuristic judge v1
-- scored. A change of display judge rescores the queue afterwards, in batches
-- (session_display.queue_rescore_after: how far that pass has come; null when done), so no
-- transaction holds a million queue rows.

-- AlterTable
ALTER TABLE "session_display" ADD COLUMN "queue_rescore_after" INTEGER;

-- A turn's queue score: the display judge's where it scored the turn, else v1's (null when
-- v1 did not score it: not a queue item).
CREATE FUNCTION "queue_score"(p_turn_id integer, p_seed_judge integer, p_display_judge integer)
RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT d.overall_score FROM judge_scores d WHERE d.turn_id = p_turn_id AND d.judge_id = p_display_judge),
    (SELECT v.overall_score FROM judge_scores v WHERE v.turn_id = p_turn_id AND v.judge_id = p_seed_judge));
$$;

-- Scores written by the display judge: their turns' queue rows take them (only rows that
-- exist: v1 scored those turns). Scores written by v1: their turns' queue rows, created or
-- rescored, with the display judge's score where it has one. Each half reads only its own
-- judge's rows of the statement, so a recompute batch costs an update by key per turn and an
-- import batch what it cost before.
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
              ELSE queue_score(n.turn_id, seed_judge, display_judge) END,
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

-- Changing the display judge re-marks the sessions' shown rows and starts a queue rescore.
-- No rescore when the queue's scores cannot change: between "none" and v1 itself, or when
-- neither the old nor the new judge (other than v1) has scored anything yet (a new weights
-- version right after its save: its scores reach the queue through the trigger as the
-- recompute writes them).
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
      WHEN EXISTS (SELECT 1 FROM judge_scores js WHERE js.judge_id IN (old_judge, p_judge_id) AND js.judge_id IS DISTINCT FROM seed_judge) THEN 0
      ELSE queue_rescore_after END;
  PERFORM refresh_all_shown_scores();
  RETURN true;
END
$$;

-- One batch of the queue rescore: the next p_limit queue rows after the watermark take their
-- score under the current display judge. Returns the rows read; fewer than p_limit means the
-- pass is done. Holding session_display's row, two runners take turns, never the same batch.
CREATE FUNCTION "rescore_queue_batch"(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
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
    UPDATE queue_items q SET judge_score = x.score
    FROM (
      SELECT b.turn_id, queue_score(b.turn_id, seed_judge, display_judge) AS score
      FROM queue_items b WHERE b.turn_id > after_id AND b.turn_id <= last_id
    ) x
    WHERE q.turn_id > after_id AND q.turn_id <= last_id AND q.turn_id = x.turn_id
      AND x.score IS NOT NULL AND q.judge_score IS DISTINCT FROM x.score;
  END IF;
  UPDATE session_display SET queue_rescore_after = CASE WHEN n < p_limit THEN NULL ELSE last_id END;
  RETURN n;
END
$$;

-- A display judge set before this migration: its queue rescore is pending.
UPDATE session_display SET queue_rescore_after = 0 WHERE judge_id IS NOT NULL;
