-- Index probes where the write path's triggers read a whole table or a row three times
-- (issue 20: recompute under new weights, change of display judge, import).
--
-- 1. refresh_session_scores: the score sub-select of each turn was written once but run three
--    times (the sum, the count and the count's filter each got a copy when the planner pulled
--    the subquery up); OFFSET 0 keeps it one probe per turn. Same rows, same order, same sum.
--
-- 2. queue_escalation_rows: the items to refresh were joined to queue_items, and for a batch
--    of a few thousand ids the planner hashed a scan of the whole table (at a million queue
--    rows, every import chunk and recompute batch read every queue row, twice: once here and
--    once in refresh_queue_escalation's UPDATE). Items are now found by a lateral key lookup.
--
-- 3. refresh_queue_escalation for given ids: the rows to update are found through the
--    primary key ("= ANY" of the ids) rather than by hashing the whole table. The answer is
--    unchanged; refreshing every row (null) works as before.

CREATE OR REPLACE FUNCTION "refresh_session_scores"(p_session_ids integer[], p_judge_ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH pairs AS (
    SELECT DISTINCT session_id, judge_id FROM unnest(p_session_ids, p_judge_ids) AS p(session_id, judge_id)
  ), fresh AS (
    SELECT p.session_id, p.judge_id, agg.total, agg.n
    FROM pairs p
    CROSS JOIN LATERAL (
      SELECT sum(x.score ORDER BY x.ordinal) AS total, count(x.score)::int AS n
      FROM (
        SELECT t.ordinal, (SELECT js.overall_score FROM judge_scores js WHERE js.turn_id = t.id AND js.judge_id = p.judge_id) AS score
        FROM turns t WHERE t.session_id = p.session_id
        OFFSET 0
      ) x
    ) agg
    WHERE agg.n > 0
  ), removed AS (
    DELETE FROM session_scores ss USING pairs p
    WHERE ss.session_id = p.session_id AND ss.judge_id = p.judge_id
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.session_id = p.session_id AND f.judge_id = p.judge_id)
  )
  INSERT INTO session_scores AS ss (session_id, judge_id, total, scored_turn_count, average_score)
  SELECT f.session_id, f.judge_id, f.total, f.n, f.total / NULLIF(s.turn_count, 0)
  FROM fresh f JOIN eval_sessions s ON s.id = f.session_id
  ON CONFLICT (session_id, judge_id) DO UPDATE
  SET total = EXCLUDED.total, scored_turn_count = EXCLUDED.scored_turn_count, average_score = EXCLUDED.average_score
  WHERE (ss.total, ss.scored_turn_count, ss.average_score)
    IS DISTINCT FROM (EXCLUDED.total, EXCLUDED.scored_turn_count, EXCLUDED.average_score);
  SELECT refresh_shown_scores(p_session_ids);
$$;

CREATE OR REPLACE FUNCTION "queue_escalation_rows"(p_turn_ids integer[])
RETURNS TABLE (turn_id integer, reasons text[], priority double precision) LANGUAGE sql STABLE AS $$
  WITH cfg AS (
    SELECT COALESCE((v->>'minConfidence')::float8, 0.6) AS min_confidence,
           COALESCE((v->>'minVoteShare')::float8, 0.67) AS min_vote_share,
           COALESCE((v->>'maxPanelSpread')::float8, 0.15) AS max_panel_spread,
           COALESCE((v->>'cutoffMargin')::float8, 0.02) AS cutoff_margin
    FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s
  ), cuts AS (
    SELECT COALESCE(t.fair_cutoff, 0.5) AS fair, COALESCE(t.good_cutoff, 0.65) AS good, COALESCE(t.excellent_cutoff, 0.8) AS excellent
    FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true
  ), items AS (
    -- By key, one index lookup per turn (an "IS NULL OR = ANY" test would read every row
    -- and scan the array for each). A lateral subquery that cannot be flattened (OFFSET 0):
    -- a plain join was planned as a hash join over a scan of every queue row.
    SELECT q.turn_id, q.judge_score FROM unnest(p_turn_ids) AS x(turn_id)
    CROSS JOIN LATERAL (SELECT q.turn_id, q.judge_score FROM queue_items q WHERE q.turn_id = x.turn_id OFFSET 0) q
  ), confidence AS (
    SELECT l.turn_id, min(l.confidence) AS c FROM judge_labels l
    JOIN judges j ON j.id = l.judge_id AND j.kind <> 'panel'
    WHERE l.confidence IS NOT NULL AND l.turn_id IN (SELECT i.turn_id FROM items i)
    GROUP BY l.turn_id
  ), votes AS (
    SELECT l.turn_id, min(l.confidence) AS v FROM judge_labels l
    JOIN judges j ON j.id = l.judge_id AND j.kind = 'panel'
    WHERE l.confidence IS NOT NULL AND l.turn_id IN (SELECT i.turn_id FROM items i)
    GROUP BY l.turn_id
  ), spreads AS (
    SELECT per_panel.turn_id, max(per_panel.spread) AS s FROM (
      SELECT ps.turn_id, max(ms.overall_score) - min(ms.overall_score) AS spread
      FROM judge_scores ps
      JOIN judges j ON j.id = ps.judge_id AND j.kind = 'panel'
      CROSS JOIN LATERAL jsonb_array_elements(COALESCE(j.config->'panel'->'members', '[]'::jsonb)) m
      JOIN judge_scores ms ON ms.turn_id = ps.turn_id AND ms.judge_id = (m->>'id')::int
      WHERE ps.turn_id IN (SELECT i.turn_id FROM items i)
      GROUP BY ps.turn_id, j.id
    ) per_panel GROUP BY per_panel.turn_id
  ), flips AS (
    SELECT DISTINCT t.turn_id FROM pairwise_comparisons p
    CROSS JOIN LATERAL (VALUES (p.turn_a_id), (p.turn_b_id)) AS t(turn_id)
    WHERE p.pass1_winner IS NOT NULL AND p.pass2_winner IS NOT NULL AND p.pass1_winner <> p.pass2_winner
      AND t.turn_id IN (SELECT i.turn_id FROM items i)
  ), found AS (
    SELECT i.turn_id,
      CASE WHEN c.c < cfg.min_confidence THEN (cfg.min_confidence - c.c) / cfg.min_confidence END AS low_confidence,
      CASE WHEN v.v < cfg.min_vote_share OR sp.s > cfg.max_panel_spread THEN GREATEST(
        CASE WHEN v.v < cfg.min_vote_share THEN (cfg.min_vote_share - v.v) / cfg.min_vote_share END,
        CASE WHEN sp.s > cfg.max_panel_spread THEN LEAST(1, (sp.s - cfg.max_panel_spread) / GREATEST(1 - cfg.max_panel_spread, 1e-9)) END) END AS panel_disagrees,
      CASE WHEN f.turn_id IS NOT NULL THEN 1.0::float8 END AS position_flip,
      CASE WHEN near.d < cfg.cutoff_margin THEN 1 - near.d / cfg.cutoff_margin END AS near_cutoff
    FROM items i CROSS JOIN cfg CROSS JOIN cuts
    LEFT JOIN confidence c ON c.turn_id = i.turn_id
    LEFT JOIN votes v ON v.turn_id = i.turn_id
    LEFT JOIN spreads sp ON sp.turn_id = i.turn_id
    LEFT JOIN flips f ON f.turn_id = i.turn_id
    CROSS JOIN LATERAL (SELECT LEAST(abs(i.judge_score - cuts.fair), abs(i.judge_score - cuts.good), abs(i.judge_score - cuts.excellent)) AS d) near
  )
  SELECT found.turn_id,
    array_remove(ARRAY[
      CASE WHEN low_confidence IS NOT NULL THEN 'low_confidence' END,
      CASE WHEN panel_disagrees IS NOT NULL THEN 'panel_disagrees' END,
      CASE WHEN position_flip IS NOT NULL THEN 'position_flip' END,
      CASE WHEN near_cutoff IS NOT NULL THEN 'near_cutoff' END], NULL) AS reasons,
    COALESCE((SELECT count(x) + avg(x) FROM unnest(ARRAY[low_confidence, panel_disagrees, position_flip, near_cutoff]) AS x), 0) AS priority
  FROM found;
$$;

CREATE OR REPLACE FUNCTION "refresh_queue_escalation"(p_turn_ids integer[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
  ids integer[];
BEGIN
  IF p_turn_ids IS NULL THEN
    ids := ARRAY(SELECT turn_id FROM queue_items);
    IF cardinality(ids) = 0 THEN RETURN 0; END IF;
    UPDATE queue_items q SET escalation_reasons = r.reasons, escalation_priority = r.priority
    FROM queue_escalation_rows(ids) r
    WHERE q.turn_id = r.turn_id
      AND (q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority);
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
  END IF;
  IF cardinality(p_turn_ids) = 0 THEN RETURN 0; END IF;
  UPDATE queue_items q SET escalation_reasons = r.reasons, escalation_priority = r.priority
  FROM queue_escalation_rows(p_turn_ids) r
  WHERE q.turn_id = ANY(p_turn_ids) AND q.turn_id = r.turn_id
    AND (q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;


-- 4. New queue items (an import's v1 scores): an inserted row carries the defaults (no
--    reason, priority 0), which is the refresh's answer unless a reason can hold: its score
--    within the margin of a cut-off, a label with a confidence (low_confidence and a voting
--    panel's share), a scoring panel's score (panel_disagrees), or a pairwise comparison whose
--    passes disagree (position_flip). Only rows where one can, or whose values are not the
--    defaults, are refreshed; for an import of new turns that is the few near a cut-off.
--    Each test is a key lookup per new row, except the flipped comparisons (few), read once.
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
    WHERE LEAST(abs(n.judge_score - fair), abs(n.judge_score - good), abs(n.judge_score - excellent)) < margin
      OR n.escalation_priority IS DISTINCT FROM 0 OR n.escalation_reasons IS DISTINCT FROM ARRAY[]::text[]
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
