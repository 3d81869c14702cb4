-- refresh_score_packs plans each call for its sessions (a custom plan), and the score packs'
-- triggers find the sessions of a statement's scores by a lookup of each score's turn by id (a
-- scalar subquery), not a join with turns. refresh_score_packs had one generic plan per
-- connection (migration "score_index_packs"), made at an import's first chunk when the tables
-- of a new database held a few dozen rows; that plan rebuilt each session's pack in about
-- 130 ms instead of well under 1 ms, so a 20,000-turn import into an empty database took
-- 2.6 ms of PostgreSQL CPU per turn instead of 89 µs (85 µs without the packs' trigger at all;
-- `npm run bench import`). Disabling sequential scans did not save the generic plan; custom
-- plans did. The trigger's join, planned once per connection too, could go the same way (the
-- pattern of migration "session_scores_turn_probes").
ALTER FUNCTION "refresh_score_packs"(integer[]) RESET ALL;
ALTER FUNCTION "refresh_score_packs"(integer[]) SET plan_cache_mode = force_custom_plan;

CREATE OR REPLACE FUNCTION "judge_scores_refresh_score_packs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seed integer := score_index_judge_id();
  ids integer[];
BEGIN
  IF seed IS NULL THEN
    IF EXISTS (SELECT 1 FROM score_index_packs) THEN DELETE FROM score_index_packs; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT (SELECT t.session_id FROM turns t WHERE t.id = c.turn_id)) INTO ids FROM new_rows c WHERE c.judge_id = seed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT (SELECT t.session_id FROM turns t WHERE t.id = c.turn_id)) INTO ids FROM old_rows c WHERE c.judge_id = seed;
  ELSE
    -- Only rows whose turn, judge or scores changed (an update of token counts changes nothing here).
    SELECT array_agg(DISTINCT (SELECT t.session_id FROM turns t WHERE t.id = c.turn_id)) INTO ids FROM (
      SELECT o.turn_id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.judge_id = seed AND (o.turn_id, o.judge_id, o.overall_score, o.length_score, o.sentiment_score, o.completeness_score, o.critical_intensity)
        IS DISTINCT FROM (n.turn_id, n.judge_id, n.overall_score, n.length_score, n.sentiment_score, n.completeness_score, n.critical_intensity)
      UNION
      SELECT n.turn_id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE n.judge_id = seed AND (o.turn_id, o.judge_id, o.overall_score, o.length_score, o.sentiment_score, o.completeness_score, o.critical_intensity)
        IS DISTINCT FROM (n.turn_id, n.judge_id, n.overall_score, n.length_score, n.sentiment_score, n.completeness_score, n.critical_intensity)
    ) c;
  END IF;
  IF ids IS NOT NULL THEN PERFORM refresh_score_packs(ids); END IF;
  RETURN NULL;
END
$$;
