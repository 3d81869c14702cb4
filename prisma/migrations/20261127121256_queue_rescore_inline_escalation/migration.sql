-- DropIndex
DROP INDEX "queue_items_escalation_priority_turn_id_idx";

-- Only escalated rows are looked up by priority (every query says escalation_priority > 0),
-- so the index holds only those: a queue row whose score changes (a change of display judge,
-- a recompute under the display judge's weights) is written to one index fewer.
CREATE INDEX "queue_items_escalated_priority_turn_id_idx" ON "queue_items"("escalation_priority" DESC, "turn_id")
  WHERE "escalation_priority" > 0;

-- A queue row whose only reason (if any) is near_cutoff gets its new escalation in the same
-- UPDATE that gives it a new score: for such a row the reasons and priority follow from the
-- score alone (low_confidence, panel_disagrees and position_flip come from other tables and
-- their own triggers). Computed as queue_escalation_rows computes them: near_cutoff's
-- severity 1 - d / margin, priority = count + mean severity = 1 + severity. The update
-- trigger below then refreshes only the moved rows this did not settle, instead of updating
-- every moved row near a cut-off a second time.
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
  UPDATE session_display SET queue_rescore_after = CASE WHEN n < p_limit THEN NULL ELSE last_id END;
  RETURN n;
END
$$;

CREATE OR REPLACE FUNCTION "queue_items_add_scored"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seed_judge integer;
  display_judge integer;
  turn_ids integer[];
  scores double precision[];
  margin double precision;
  fair double precision;
  good double precision;
  excellent double precision;
BEGIN
  PERFORM lock_session_display();
  seed_judge := (SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1');
  display_judge := (SELECT judge_id FROM session_display);
  IF seed_judge IS NULL THEN RETURN NULL; END IF;

  IF display_judge IS NOT NULL AND display_judge <> seed_judge THEN
    SELECT array_agg(turn_id), array_agg(overall_score) INTO turn_ids, scores FROM new_scores WHERE judge_id = display_judge;
    IF turn_ids IS NOT NULL THEN
      SELECT COALESCE((v->>'cutoffMargin')::float8, 0.02) INTO margin
      FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s;
      SELECT COALESCE(t.fair_cutoff, 0.5), COALESCE(t.good_cutoff, 0.65), COALESCE(t.excellent_cutoff, 0.8) INTO fair, good, excellent
      FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true;
      UPDATE queue_items q SET judge_score = x.score,
        escalation_reasons = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
          THEN CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END ELSE q.escalation_reasons END,
        escalation_priority = CASE WHEN q.escalation_reasons <@ ARRAY['near_cutoff']::text[]
          THEN CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END ELSE q.escalation_priority END
      FROM unnest(turn_ids, scores) AS x(turn_id, score)
      CROSS JOIN LATERAL (SELECT LEAST(abs(x.score - fair), abs(x.score - good), abs(x.score - excellent)) AS d) near
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

-- A moved row (its score changed) is refreshed when it is or was near a cut-off, unless it
-- holds exactly what its score alone gives and held no reason but near_cutoff before: then
-- nothing else can have changed (see above). The rows not so settled are found first by a
-- test on each row alone (usually few: a change of display judge settles them all), and only
-- among them are moved rows looked for, with set operations (EXCEPT hashes or sorts: a join
-- of two transition tables, which have no statistics, may be planned as a nested loop).
CREATE OR REPLACE FUNCTION "queue_items_escalation_update"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  margin double precision;
  fair double precision;
  good double precision;
  excellent double precision;
  unsettled integer[];
BEGIN
  SELECT COALESCE((v->>'cutoffMargin')::float8, 0.02) INTO margin
  FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s;
  SELECT COALESCE(t.fair_cutoff, 0.5), COALESCE(t.good_cutoff, 0.65), COALESCE(t.excellent_cutoff, 0.8) INTO fair, good, excellent
  FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true;
  unsettled := ARRAY(
    SELECT n.turn_id FROM new_items n
    CROSS JOIN LATERAL (SELECT LEAST(abs(n.judge_score - fair), abs(n.judge_score - good), abs(n.judge_score - excellent)) AS d) near
    WHERE (n.escalation_reasons, n.escalation_priority) IS DISTINCT FROM
      (CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END,
       CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END)
    UNION
    SELECT o.turn_id FROM old_items o WHERE o.escalation_reasons IS NULL OR NOT o.escalation_reasons <@ ARRAY['near_cutoff']::text[]);
  IF cardinality(unsettled) = 0 THEN RETURN NULL; END IF;
  PERFORM refresh_queue_escalation(ARRAY(
    SELECT moved.turn_id FROM (
      SELECT turn_id, judge_score FROM new_items WHERE turn_id = ANY(unsettled)
      EXCEPT SELECT turn_id, judge_score FROM old_items WHERE turn_id = ANY(unsettled)) moved
    WHERE LEAST(abs(moved.judge_score - fair), abs(moved.judge_score - good), abs(moved.judge_score - excellent)) < margin
    UNION
    SELECT was.turn_id FROM (
      SELECT turn_id, judge_score FROM old_items WHERE turn_id = ANY(unsettled)
      EXCEPT SELECT turn_id, judge_score FROM new_items WHERE turn_id = ANY(unsettled)) was
    WHERE LEAST(abs(was.judge_score - fair), abs(was.judge_score - good), abs(was.judge_score - excellent)) < margin));
  RETURN NULL;
END
$$;
