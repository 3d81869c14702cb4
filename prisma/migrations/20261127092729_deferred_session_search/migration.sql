-- AlterTable
ALTER TABLE "eval_sessions" ADD COLUMN     "search_pending" BOOLEAN NOT NULL DEFAULT false;


-- Imports leave the sessions' full-text documents to a background job (issue 20: building
-- eval_sessions.search_vector in the import's statement triggers was about a third of the
-- import's PostgreSQL time, and a session split across COPY chunks was indexed once per chunk).
-- An import sets concord.defer_session_search for its transaction; the turns trigger then
-- keeps persona_ids (cheaply, from the new turns alone) and marks the sessions
-- search_pending instead of building their documents, and the import enqueues one
-- "session-search" job for its sessions in the same transaction (so a rolled-back import
-- leaves no job, and a committed one cannot lose it). The job builds each document from all
-- of the session's turns, exactly as the trigger did, and clears the mark. Until then the
-- text search checks the pending sessions' text directly (pending_session_search_matches),
-- so a search finds a session the moment its import commits. Other writers (tests, seeds,
-- direct SQL) do not set the setting and keep the synchronous build.

-- The job's sessions (by import) and the pending sessions the search checks.
CREATE INDEX "eval_sessions_search_pending_idx" ON "eval_sessions" ("import_id", "id") WHERE "search_pending";

-- Unchanged except that a document built from every turn clears the mark.
CREATE OR REPLACE FUNCTION "refresh_session_texts"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE eval_sessions s
  SET persona_ids = COALESCE(x.personas, ARRAY[]::text[]),
      search_vector = session_search_vector(s.id, s.seed_prompt, x.responses),
      search_pending = false
  FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
  CROSS JOIN LATERAL (
    SELECT array_agg(DISTINCT t.persona_id ORDER BY t.persona_id) AS personas, string_agg(t.response, ' ' ORDER BY t.ordinal) AS responses
    FROM turns t WHERE t.session_id = i.id
  ) x
  WHERE s.id = i.id;
$$;

-- The job's work for some sessions: each pending one gets the document refresh_session_texts
-- would build, and loses its mark. The rows are locked first, in a statement of their own, so
-- the document is read from turns after any import holding them has committed (a document
-- read before would be stale yet marked built). Returns the sessions built.
CREATE FUNCTION "refresh_session_search"(p_session_ids integer[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  built integer;
BEGIN
  PERFORM 1 FROM eval_sessions WHERE id = ANY(p_session_ids) AND search_pending ORDER BY id FOR UPDATE;
  UPDATE eval_sessions s
  SET search_vector = session_search_vector(s.id, s.seed_prompt, x.responses), search_pending = false
  FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
  CROSS JOIN LATERAL (SELECT string_agg(t.response, ' ' ORDER BY t.ordinal) AS responses FROM turns t WHERE t.session_id = i.id) x
  WHERE s.id = i.id AND s.search_pending;
  GET DIAGNOSTICS built = ROW_COUNT;
  RETURN built;
END
$$;

-- The pending sessions whose text matches a query: the document the job will build, built
-- here on the fly, so the answer is the one the index will give once the job has run.
CREATE FUNCTION "pending_session_search_matches"(p_query tsquery) RETURNS SETOF integer LANGUAGE sql STABLE AS $$
  SELECT s.id FROM eval_sessions s
  WHERE s.search_pending
    AND session_search_vector(s.id, s.seed_prompt,
      (SELECT string_agg(t.response, ' ' ORDER BY t.ordinal) FROM turns t WHERE t.session_id = s.id)) @@ p_query;
$$;

-- New turns under an import's deferral: persona_ids take the new turns' personas (the
-- stored list is exact before the statement, so the union is exact after it), and the
-- sessions are marked pending; rows already pending with every persona are not rewritten.
-- Otherwise unchanged.
CREATE OR REPLACE FUNCTION "turns_refresh_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('concord.defer_session_search', true) = 'on' THEN
    UPDATE eval_sessions s
    SET persona_ids = ARRAY(SELECT DISTINCT p FROM unnest(s.persona_ids || n.personas) AS u(p) ORDER BY p),
        search_pending = true
    FROM (SELECT session_id, array_agg(DISTINCT persona_id) AS personas FROM new_turns GROUP BY session_id) n
    WHERE s.id = n.session_id AND NOT (s.search_pending AND s.persona_ids @> n.personas);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT session_id) INTO ids FROM new_turns;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT session_id) INTO ids FROM old_turns;
  ELSE
    SELECT array_agg(DISTINCT session_id) INTO ids FROM (SELECT session_id FROM old_turns UNION SELECT session_id FROM new_turns) changed;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM refresh_session_texts(ids);
  IF TG_OP <> 'INSERT' THEN
    PERFORM lock_session_display();
    PERFORM refresh_rated_turn_counts(ids);
    PERFORM refresh_all_session_scores(ids);
  END IF;
  RETURN NULL;
END
$$;
