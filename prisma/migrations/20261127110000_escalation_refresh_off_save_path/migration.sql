-- Saving the quality cut-offs or the escalation settings no longer recomputes every queue
-- item's escalation inside the saving transaction (issue 21: 1.6–2.5 s at 100,000 queue
-- items, on the request path of an admin's save).
--
-- Of the four reasons only near_cutoff reads the cut-offs and the cut-off margin
-- (queue_escalation_rows). So a change of the cut-offs or of the margin can only change rows
-- whose score lies within the old margin of an old cut-off or within the new margin of a new
-- cut-off: every other row had no near_cutoff reason and still has none, and its other
-- reasons and priority read nothing that changed. Those rows (about 6 % with the defaults)
-- are refreshed at once, exactly. A change of minConfidence, minVoteShare or maxPanelSpread
-- can change any row: it enqueues one job ('queue-escalation-refresh', at most one pending;
-- lib/server/queue/escalation-refresh-job.ts) that refreshes every row in batches of turn
-- ids, after the save commits.
--
-- To know what changed, the configuration the stored escalation follows is kept in the
-- settings row 'queue.escalation.applied' (cut-offs, margin and limits, read exactly as
-- queue_escalation_rows reads them). The triggers are deferred row triggers: they run once
-- at commit with the transaction's final cut-offs (a threshold save deactivates the old
-- version and inserts the new one: two statements, one refresh), and a second run finds
-- nothing changed.

-- The cut-offs and limits queue_escalation_rows applies now.
CREATE FUNCTION "queue_escalation_config"() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'fair', cuts.fair, 'good', cuts.good, 'excellent', cuts.excellent,
    'cutoffMargin', cfg.cutoff_margin, 'minConfidence', cfg.min_confidence,
    'minVoteShare', cfg.min_vote_share, 'maxPanelSpread', cfg.max_panel_spread)
  FROM (
    SELECT COALESCE((v->>'minConfidence')::float8, 0.6) AS min_confidence,
           COALESCE((v->>'minVoteShare')::float8, 0.67) AS min_vote_share,
           COALESCE((v->>'maxPanelSpread')::float8, 0.15) AS max_panel_spread,
           COALESCE((v->>'cutoffMargin')::float8, 0.02) AS cutoff_margin
    FROM (SELECT (SELECT value FROM settings WHERE key = 'queue.escalation') AS v) s
  ) cfg CROSS JOIN (
    SELECT COALESCE(t.fair_cutoff, 0.5) AS fair, COALESCE(t.good_cutoff, 0.65) AS good, COALESCE(t.excellent_cutoff, 0.8) AS excellent
    FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM threshold_versions WHERE is_active LIMIT 1) t ON true
  ) cuts;
$$;

-- Enqueues the full refresh: the pending job if there is one (started again from the first
-- row), else a new one. A running job keeps running; the new pending one follows it.
CREATE FUNCTION "enqueue_queue_escalation_refresh"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET payload = jsonb_build_object('afterTurnId', 0), completed = 0, total = 0, run_after = now(), updated_at = now()
  WHERE kind = 'queue-escalation-refresh' AND status = 'pending';
  IF NOT FOUND THEN
    INSERT INTO jobs (kind, payload, total) VALUES ('queue-escalation-refresh', jsonb_build_object('afterTurnId', 0), 0);
  END IF;
END
$$;

-- Brings the stored escalation to the cut-offs and limits now in force: rows near an old or
-- new cut-off at once, every row through the job when a limit other than the margin changed.
-- Returns the rows refreshed at once. Custom plans while it runs: refresh_queue_escalation's
-- cached statements, after a few calls on one connection, switch to a generic plan (the ids
-- unknown) that hashes every queue row, 30 to 70 times slower for a few thousand ids.
CREATE FUNCTION "apply_queue_escalation_config"() RETURNS integer LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  applied jsonb;
  cur jsonb;
  ids integer[];
  -- Rows refreshed at once at most (about 0.2 s); a change of the cut-offs or margin that
  -- reaches more (a wide margin on a large queue) is left to the job too.
  cap integer := COALESCE(NULLIF(current_setting('concord.escalation_sync_rows', true), '')::int, 10000);
  full_refresh boolean;
BEGIN
  -- One change at a time: the second waits, then compares with what the first applied.
  PERFORM pg_advisory_xact_lock(hashtext('queue.escalation.applied')::bigint);
  SELECT value INTO applied FROM settings WHERE key = 'queue.escalation.applied';
  cur := queue_escalation_config();
  IF applied IS NOT NULL AND applied = cur THEN RETURN 0; END IF;
  full_refresh := applied IS NULL
    OR (applied->'minConfidence', applied->'minVoteShare', applied->'maxPanelSpread')
       IS DISTINCT FROM (cur->'minConfidence', cur->'minVoteShare', cur->'maxPanelSpread');
  IF NOT full_refresh THEN
    -- Only the cut-offs or the margin changed. "<=" where queue_escalation_rows tests "<":
    -- a few more rows, never one fewer.
    ids := ARRAY(
      SELECT q.turn_id FROM queue_items q
      WHERE LEAST(abs(q.judge_score - (applied->>'fair')::float8), abs(q.judge_score - (applied->>'good')::float8),
                  abs(q.judge_score - (applied->>'excellent')::float8)) <= (applied->>'cutoffMargin')::float8
         OR LEAST(abs(q.judge_score - (cur->>'fair')::float8), abs(q.judge_score - (cur->>'good')::float8),
                  abs(q.judge_score - (cur->>'excellent')::float8)) <= (cur->>'cutoffMargin')::float8
      LIMIT cap + 1);
    full_refresh := cardinality(ids) > cap;
  END IF;
  -- Rows the job has not reached yet keep reasons under the previous configuration, and
  -- the job's batches read the configuration in force when they run: once it has run, every
  -- row follows the last change, whatever changes came between.
  IF full_refresh THEN
    PERFORM enqueue_queue_escalation_refresh();
  ELSE
    ids := ARRAY(SELECT unnest(ids) ORDER BY 1);
  END IF;
  INSERT INTO settings (key, value, updated_at) VALUES ('queue.escalation.applied', cur, now())
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now();
  IF full_refresh THEN RETURN 0; END IF;
  RETURN refresh_queue_escalation(ids);
END
$$;

DROP TRIGGER "threshold_versions_escalation" ON "threshold_versions";
DROP TRIGGER "settings_escalation_insert" ON "settings";
DROP TRIGGER "settings_escalation_update" ON "settings";
DROP FUNCTION "escalation_refresh_all"();
DROP FUNCTION "settings_escalation"();

CREATE FUNCTION "escalation_refresh_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_queue_escalation_config();
  RETURN NULL;
END
$$;
CREATE FUNCTION "settings_escalation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_queue_escalation_config();
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER "threshold_versions_escalation" AFTER INSERT OR UPDATE OR DELETE ON "threshold_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION escalation_refresh_all();
CREATE CONSTRAINT TRIGGER "settings_escalation" AFTER INSERT OR UPDATE ON "settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.key = 'queue.escalation') EXECUTE FUNCTION settings_escalation();
CREATE CONSTRAINT TRIGGER "settings_escalation_delete" AFTER DELETE ON "settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.key = 'queue.escalation') EXECUTE FUNCTION settings_escalation();

-- The stored escalation follows the configuration in force (the old triggers refreshed every
-- row on each change).
INSERT INTO settings (key, value, updated_at) VALUES ('queue.escalation.applied', queue_escalation_config(), now())
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now();
