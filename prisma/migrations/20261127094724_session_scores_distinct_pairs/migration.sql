-- judge_scores' trigger on the sessions list passed one (session, judge) entry per written
-- score, so a recompute batch of 10,000 scores handed refresh_shown_scores an array of
-- 10,000 session ids (a hundred distinct), whose "= ANY" it matched against session_scores
-- row by row (about a tenth of a recompute's time). The pairs are now made distinct first;
-- refresh_session_scores deduplicated them already, so the result is the same.
CREATE OR REPLACE FUNCTION "judge_scores_refresh_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sessions integer[];
  judges integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(p.session_id), array_agg(p.judge_id) INTO sessions, judges FROM (
      SELECT DISTINCT t.session_id, c.judge_id FROM (SELECT DISTINCT turn_id, judge_id FROM new_scores) c JOIN turns t ON t.id = c.turn_id) p;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(p.session_id), array_agg(p.judge_id) INTO sessions, judges FROM (
      SELECT DISTINCT t.session_id, c.judge_id FROM (SELECT DISTINCT turn_id, judge_id FROM old_scores) c JOIN turns t ON t.id = c.turn_id) p;
  ELSE
    SELECT array_agg(p.session_id), array_agg(p.judge_id) INTO sessions, judges FROM (
      SELECT DISTINCT t.session_id, c.judge_id
      FROM (SELECT turn_id, judge_id FROM old_scores UNION SELECT turn_id, judge_id FROM new_scores) c JOIN turns t ON t.id = c.turn_id) p;
  END IF;
  IF sessions IS NOT NULL THEN
    PERFORM lock_session_display();
    PERFORM refresh_session_scores(sessions, judges);
  END IF;
  RETURN NULL;
END
$$;
