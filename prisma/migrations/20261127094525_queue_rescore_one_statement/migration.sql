-- The rating queue's rescore after a change of display judge, one UPDATE per batch instead
-- of two (issue 20: 1,000,000 queue rows). A batch's rows take the display judge's score
-- where it scored the turn, else the heuristic judge v1's, else keep theirs: the two judges'
-- scores over the batch's range of turn ids, full-joined (both read in turn order through
-- judge_scores' (judge_id, turn_id) index), give each row its one new score. The answer is
-- the two UPDATEs' (overall_score is never null, so "the display judge's score where it has
-- one" is COALESCE's), and each row is still written only when its score changes; the second
-- UPDATE's anti-join probe per row is gone, and the queue's escalation trigger runs once per
-- batch instead of twice.
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
    UPDATE queue_items q SET judge_score = x.score
    FROM (
      SELECT COALESCE(d.turn_id, v.turn_id) AS turn_id, COALESCE(d.overall_score, v.overall_score) AS score
      FROM (SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = display_judge AND turn_id > after_id AND turn_id <= last_id) d
      FULL JOIN (SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = seed_judge AND turn_id > after_id AND turn_id <= last_id) v
        ON v.turn_id = d.turn_id
    ) x
    WHERE q.turn_id > after_id AND q.turn_id <= last_id AND q.turn_id = x.turn_id
      AND q.judge_score IS DISTINCT FROM x.score;
  END IF;
  UPDATE session_display SET queue_rescore_after = CASE WHEN n < p_limit THEN NULL ELSE last_id END;
  RETURN n;
END
$$;
