-- New queue rows come with the escalation their score alone gives, in the INSERT that adds
-- them (as migration "queue_rescore_inline_escalation" did for rescored rows): an import's
-- rows near a cut-off were inserted and then, in the insert trigger, refreshed through
-- queue_escalation_rows and updated a second time (a new row version and its index entries):
-- at 100,000 imported turns that was about 16 µs of PostgreSQL CPU per turn. The insert
-- trigger now refreshes only the rows that may hold more than their score gives: those whose
-- stored escalation differs from it, and those with a label, a panel's score or a position
-- flip (the other reasons' sources), exactly the rows it refreshed before less the settled ones.

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
  SELECT COALESCE((v->>'cutoffMargin')::float8, 0.02) INTO margin
  FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s;
  SELECT COALESCE(t.fair_cutoff, 0.5), COALESCE(t.good_cutoff, 0.65), COALESCE(t.excellent_cutoff, 0.8) INTO fair, good, excellent
  FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true;

  IF display_judge IS NOT NULL AND display_judge <> seed_judge THEN
    SELECT array_agg(turn_id), array_agg(overall_score) INTO turn_ids, scores FROM new_scores WHERE judge_id = display_judge;
    IF turn_ids IS NOT NULL THEN
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

  -- A new row comes with the escalation its score alone gives (near_cutoff or none); the
  -- insert trigger then refreshes only the rows that may have another reason.
  INSERT INTO queue_items (turn_id, persona_id, session_id, occurred_at, judge_score, rating_count, escalation_reasons, escalation_priority)
  SELECT x.turn_id, x.persona_id, x.session_id, x.occurred_at, x.score, x.rating_count,
         CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END,
         CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END
  FROM (
    SELECT n.turn_id, t.persona_id, t.session_id, COALESCE(t.occurred_at, s.started_at, s.created_at) AS occurred_at,
           CASE WHEN display_judge IS NULL OR display_judge = seed_judge THEN n.overall_score
                ELSE COALESCE((SELECT d.overall_score FROM judge_scores d WHERE d.turn_id = n.turn_id AND d.judge_id = display_judge), n.overall_score) END AS score,
           (SELECT count(*) FROM ratings r WHERE r.turn_id = n.turn_id AND r.criterion = 'overall') AS rating_count
    FROM new_scores n
    JOIN turns t ON t.id = n.turn_id
    JOIN eval_sessions s ON s.id = t.session_id
    WHERE n.judge_id = seed_judge
  ) x
  CROSS JOIN LATERAL (SELECT LEAST(abs(x.score - fair), abs(x.score - good), abs(x.score - excellent)) AS d) near
  ON CONFLICT (turn_id) DO UPDATE SET judge_score = EXCLUDED.judge_score
  WHERE queue_items.judge_score IS DISTINCT FROM EXCLUDED.judge_score;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "queue_items_escalation_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM refresh_queue_escalation(ARRAY(
    SELECT n.turn_id FROM new_items n
    CROSS JOIN LATERAL (SELECT LEAST(abs(n.judge_score - fair), abs(n.judge_score - good), abs(n.judge_score - excellent)) AS d) near
    WHERE (n.escalation_reasons, n.escalation_priority) IS DISTINCT FROM
        (CASE WHEN near.d < margin THEN ARRAY['near_cutoff']::text[] ELSE ARRAY[]::text[] END,
         CASE WHEN near.d < margin THEN 1 + (1 - near.d / margin) ELSE 0 END)
      OR EXISTS (SELECT 1 FROM judge_labels l WHERE l.turn_id = n.turn_id AND l.confidence IS NOT NULL)
      OR EXISTS (SELECT 1 FROM judge_scores ps JOIN judges j ON j.id = ps.judge_id AND j.kind = 'panel' WHERE ps.turn_id = n.turn_id)
    UNION
    SELECT f.turn_id FROM (
      SELECT t.turn_id FROM pairwise_comparisons p CROSS JOIN LATERAL (VALUES (p.turn_a_id), (p.turn_b_id)) AS t(turn_id)
      WHERE p.pass1_winner IS NOT NULL AND p.pass2_winner IS NOT NULL AND p.pass1_winner <> p.pass2_winner) f
    WHERE f.turn_id IN (SELECT turn_id FROM new_items)));
  RETURN NULL;
END
$$;
