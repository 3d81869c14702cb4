-- The escalation refresh after queue rows' judge scores move (issue 20: a change of display
-- judge and a recompute under the display judge's weights move nearly every queue row, and
-- refreshing each moved row's escalation took about as long as the rescore itself).
-- Of the four reasons only near_cutoff reads the queue row's judge score; the others read
-- labels, panel scores and pairwise verdicts, which a score moving does not change. So a
-- moved row whose score lies outside the cut-off margin both before and after the move had
-- no near_cutoff reason and still has none, and the rest of its reasons and priority stand:
-- its stored values are already the refresh's answer. Only moved rows within the margin of a
-- cut-off before or after are refreshed (about 6 % of rows with the default margin 0.02 and
-- three cut-offs, instead of every moved row). The margin and cut-offs are read exactly as
-- queue_escalation_rows reads them; a change of either refreshes every row (its own triggers).
CREATE OR REPLACE FUNCTION "queue_items_escalation_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  margin double precision;
  fair double precision;
  good double precision;
  excellent double precision;
BEGIN
  SELECT COALESCE((v->>'cutoffMargin')::float8, 0.02) INTO margin
  FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s;
  SELECT COALESCE(t.fair_cutoff, 0.5), COALESCE(t.good_cutoff, 0.65), COALESCE(t.excellent_cutoff, 0.8) INTO fair, good, excellent
  FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true;
  -- EXCEPT hashes or sorts: a join of two transition tables (no statistics) may be planned
  -- as a nested loop, quadratic on a large update. A moved row's new (turn, score) pair is
  -- in the first difference, its old pair in the second.
  PERFORM refresh_queue_escalation(ARRAY(
    SELECT moved.turn_id FROM (SELECT turn_id, judge_score FROM new_items EXCEPT SELECT turn_id, judge_score FROM old_items) moved
    WHERE LEAST(abs(moved.judge_score - fair), abs(moved.judge_score - good), abs(moved.judge_score - excellent)) < margin
    UNION
    SELECT was.turn_id FROM (SELECT turn_id, judge_score FROM old_items EXCEPT SELECT turn_id, judge_score FROM new_items) was
    WHERE LEAST(abs(was.judge_score - fair), abs(was.judge_score - good), abs(was.judge_score - excellent)) < margin));
  RETURN NULL;
END
$$;
