-- The judge_scores trigger that finds the sessions whose scores to refresh looks each new
-- score's turn up by id, one index probe per score, instead of joining the scores with turns.
--
-- The join was planned once per connection and the plan kept (PL/pgSQL caches it), so an
-- import, whose first chunk plans it while turns is nearly empty, kept a hash join over a
-- sequential scan of the whole turns table for every later chunk: each chunk cost time in
-- proportion to the table, and a large import grew quadratically (measured: 180 ms per
-- chunk of 10,000 scores at 90,000 turns; at a million turns it doubled the database's CPU
-- per imported turn). A scalar subquery is never turned into a join, so the probe stays a
-- probe whatever the plan was made for (filtered after DISTINCT, so that each turn is probed
-- once). Same sessions and judges as before: a score whose
-- turn is gone (deleted in the same statement) names no session, as the inner join did.
CREATE OR REPLACE FUNCTION "judge_scores_refresh_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sessions integer[];
  judges integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(p.session_id) FILTER (WHERE p.session_id IS NOT NULL), array_agg(p.judge_id) FILTER (WHERE p.session_id IS NOT NULL)
      INTO sessions, judges FROM (
      SELECT DISTINCT (SELECT t.session_id FROM turns t WHERE t.id = c.turn_id) AS session_id, c.judge_id
      FROM (SELECT DISTINCT turn_id, judge_id FROM new_scores) c) p;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(p.session_id) FILTER (WHERE p.session_id IS NOT NULL), array_agg(p.judge_id) FILTER (WHERE p.session_id IS NOT NULL)
      INTO sessions, judges FROM (
      SELECT DISTINCT (SELECT t.session_id FROM turns t WHERE t.id = c.turn_id) AS session_id, c.judge_id
      FROM (SELECT DISTINCT turn_id, judge_id FROM old_scores) c) p;
  ELSE
    SELECT array_agg(p.session_id) FILTER (WHERE p.session_id IS NOT NULL), array_agg(p.judge_id) FILTER (WHERE p.session_id IS NOT NULL)
      INTO sessions, judges FROM (
      SELECT DISTINCT (SELECT t.session_id FROM turns t WHERE t.id = c.turn_id) AS session_id, c.judge_id
      FROM (SELECT turn_id, judge_id FROM old_scores UNION SELECT turn_id, judge_id FROM new_scores) c) p;
  END IF;
  IF sessions IS NOT NULL THEN
    PERFORM lock_session_display();
    PERFORM refresh_session_scores(sessions, judges);
  END IF;
  RETURN NULL;
END
$$;
