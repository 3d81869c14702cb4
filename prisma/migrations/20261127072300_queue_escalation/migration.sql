-- AlterTable
ALTER TABLE "ratings" ADD COLUMN     "inclusion_probability" DOUBLE PRECISION,
ADD COLUMN     "is_escalated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "rating_leases" ADD COLUMN     "inclusion_probability" DOUBLE PRECISION,
ADD COLUMN     "is_escalated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "queue_items" ADD COLUMN     "escalation_priority" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "escalation_reasons" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "queue_items_escalation_priority_turn_id_idx" ON "queue_items"("escalation_priority" DESC, "turn_id");


-- Escalation to people (issue 21). A queue item is escalated when any of these holds:
--   low_confidence   a judge (not a panel) answered the turn with confidence below minConfidence;
--   panel_disagrees  a voting panel's winning share is below minVoteShare, or a scoring
--                    panel's members' scores spread (max − min) more than maxPanelSpread;
--   position_flip    a pairwise comparison with the turn changed its winner when the two
--                    responses swapped places;
--   near_cutoff      the queue's judge score lies within cutoffMargin of an active cut-off.
-- Each reason has a severity in [0, 1] (how far past its setting); the priority is the
-- number of reasons plus their mean severity, 0 when there is none. The settings live in the
-- escalation settings (JSON, key 'queue.escalation'), with the defaults below.

-- The reasons and priority of the given queue items (p_turn_ids: not null).
CREATE FUNCTION "queue_escalation_rows"(p_turn_ids integer[])
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
    -- and scan the array for each).
    SELECT q.turn_id, q.judge_score FROM unnest(p_turn_ids) AS x(turn_id) JOIN queue_items q ON q.turn_id = x.turn_id
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

-- Writes the reasons and priority of the given queue items (all when p_turn_ids is null),
-- touching only rows whose values change. Returns the rows changed.
CREATE FUNCTION "refresh_queue_escalation"(p_turn_ids integer[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
  ids integer[];
BEGIN
  ids := COALESCE(p_turn_ids, ARRAY(SELECT turn_id FROM queue_items));
  IF cardinality(ids) = 0 THEN RETURN 0; END IF;
  UPDATE queue_items q SET escalation_reasons = r.reasons, escalation_priority = r.priority
  FROM queue_escalation_rows(ids) r
  WHERE q.turn_id = r.turn_id
    AND (q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;

-- New queue rows, and rows whose judge score moved (a recompute, a display-judge rescore).
-- The refresh's own update changes no score, so it does not call itself again.
CREATE FUNCTION "queue_items_escalation_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_queue_escalation(ARRAY(SELECT turn_id FROM new_items));
  RETURN NULL;
END
$$;
CREATE FUNCTION "queue_items_escalation_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- EXCEPT hashes or sorts: a join of two transition tables (no statistics) may be planned
  -- as a nested loop, quadratic on a large update.
  PERFORM refresh_queue_escalation(ARRAY(
    SELECT turn_id FROM (SELECT turn_id, judge_score FROM new_items EXCEPT SELECT turn_id, judge_score FROM old_items) moved));
  RETURN NULL;
END
$$;
CREATE TRIGGER "queue_items_escalation_insert" AFTER INSERT ON "queue_items"
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION queue_items_escalation_insert();
CREATE TRIGGER "queue_items_escalation_update" AFTER UPDATE ON "queue_items"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION queue_items_escalation_update();

-- A judge's answers with a confidence (and a voting panel's shares).
CREATE FUNCTION "judge_labels_escalation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_queue_escalation(ARRAY(SELECT DISTINCT turn_id FROM new_labels));
  RETURN NULL;
END
$$;
CREATE TRIGGER "judge_labels_escalation_insert" AFTER INSERT ON "judge_labels"
  REFERENCING NEW TABLE AS new_labels FOR EACH STATEMENT EXECUTE FUNCTION judge_labels_escalation();
CREATE TRIGGER "judge_labels_escalation_update" AFTER UPDATE ON "judge_labels"
  REFERENCING NEW TABLE AS new_labels FOR EACH STATEMENT EXECUTE FUNCTION judge_labels_escalation();

-- Scores of a scoring panel or of one of its members (other judges' scores cannot change a
-- panel's spread; the queue's own score reaches queue_items through its own trigger).
CREATE FUNCTION "judge_scores_escalation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  panel_judges integer[];
BEGIN
  panel_judges := ARRAY(
    SELECT id FROM judges WHERE kind = 'panel'
    UNION SELECT (m->>'id')::int FROM judges j CROSS JOIN LATERAL jsonb_array_elements(COALESCE(j.config->'panel'->'members', '[]'::jsonb)) m
    WHERE j.kind = 'panel');
  IF cardinality(panel_judges) = 0 THEN RETURN NULL; END IF;
  PERFORM refresh_queue_escalation(ARRAY(SELECT DISTINCT turn_id FROM new_scores WHERE judge_id = ANY(panel_judges)));
  RETURN NULL;
END
$$;
CREATE TRIGGER "judge_scores_escalation_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_escalation();
CREATE TRIGGER "judge_scores_escalation_update" AFTER UPDATE ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_escalation();

-- Pairwise verdicts: both turns of a comparison whose passes disagree.
CREATE FUNCTION "pairwise_escalation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_queue_escalation(ARRAY(SELECT turn_a_id FROM new_pairs UNION SELECT turn_b_id FROM new_pairs));
  RETURN NULL;
END
$$;
CREATE TRIGGER "pairwise_escalation_insert" AFTER INSERT ON "pairwise_comparisons"
  REFERENCING NEW TABLE AS new_pairs FOR EACH STATEMENT EXECUTE FUNCTION pairwise_escalation();
CREATE TRIGGER "pairwise_escalation_update" AFTER UPDATE ON "pairwise_comparisons"
  REFERENCING NEW TABLE AS new_pairs FOR EACH STATEMENT EXECUTE FUNCTION pairwise_escalation();

-- The cut-offs or the escalation settings changed: every item is looked at again.
CREATE FUNCTION "escalation_refresh_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_queue_escalation(NULL);
  RETURN NULL;
END
$$;
CREATE TRIGGER "threshold_versions_escalation" AFTER INSERT OR UPDATE ON "threshold_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION escalation_refresh_all();
CREATE FUNCTION "settings_escalation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_settings WHERE key = 'queue.escalation') THEN PERFORM refresh_queue_escalation(NULL); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "settings_escalation_insert" AFTER INSERT ON "settings"
  REFERENCING NEW TABLE AS new_settings FOR EACH STATEMENT EXECUTE FUNCTION settings_escalation();
CREATE TRIGGER "settings_escalation_update" AFTER UPDATE ON "settings"
  REFERENCING NEW TABLE AS new_settings FOR EACH STATEMENT EXECUTE FUNCTION settings_escalation();

-- Items already in the queue.
SELECT refresh_queue_escalation(NULL);

-- The report looks up the sampled design's probabilities by turn; most ratings carry none.
CREATE INDEX "ratings_sampled_turn_idx" ON "ratings" ("turn_id", "created_at", "id") WHERE "inclusion_probability" IS NOT NULL;
