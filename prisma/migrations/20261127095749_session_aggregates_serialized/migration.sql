-- Two transactions refreshing the same session's aggregates at once could each compute from
-- a snapshot without the other's rows, and the later commit kept its incomplete answer (found
-- by a test: the recompute writes two batches at a time, and a session split between them
-- ended with one batch's scores missing from its sum; two raters rating turns of one session
-- at once could do the same to rated_turn_count). Each refresh of session_scores and of
-- rated_turn_count now first takes a transaction-scoped advisory lock per session, in
-- ascending order (so two refreshes cannot deadlock on each other), and computes in the next
-- statement, whose snapshot includes whatever an earlier holder committed. A refresh that
-- waits therefore sees the other's rows; one that does not wait runs before any later
-- refresh of the same session, which will see its rows in turn.

-- An import holds its sessions already (claim-sessions.ts locks them by external id, then
-- sets concord.sessions_claimed for its transaction): its sessions are new, so no one else
-- sees them, or replaced, whose old turns it deletes only after any writer of their scores
-- or ratings has committed (row locks). It takes no lock here: a million-turn import would
-- otherwise hold ten thousand more locks than the lock table has room for.
-- Lock class 72707370 (two-key advisory locks: apart from the single-key locks elsewhere).
CREATE FUNCTION "lock_session_aggregates"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT count(pg_advisory_xact_lock(72707370, s.id))
  FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id) WHERE id IS NOT NULL ORDER BY id) s
  WHERE current_setting('concord.sessions_claimed', true) IS DISTINCT FROM 'on';
$$;

CREATE OR REPLACE FUNCTION "refresh_session_scores"(p_session_ids integer[], p_judge_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT lock_session_aggregates(p_session_ids);
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

CREATE OR REPLACE FUNCTION "refresh_rated_turn_counts"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT lock_session_aggregates(p_session_ids);
  UPDATE eval_sessions s SET rated_turn_count = x.n
  FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM turns t
    WHERE t.session_id = i.id AND (SELECT 1 FROM ratings r WHERE r.turn_id = t.id LIMIT 1) IS NOT NULL
  ) x
  WHERE s.id = i.id AND s.rated_turn_count <> x.n;
$$;
