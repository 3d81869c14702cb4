-- Per-session aggregates for browsing sessions (issue 6): what /sessions sorts and filters
-- by, stored with the session instead of computed from every turn at each request.
--   session_scores(session_id, judge_id): a judge's overall scores of the session summed in
--     turn order (the seed's float sum, exactly what the session page computes) and that sum
--     over the session's turn count: sort by average score / quality, score and level filters.
--     is_shown marks the one row per session the list shows without a judge filter: the
--     display judge's (session_display: the active thresholds' scoring judge) where it scored
--     the session, else the session's first judge. The list then reads plain indexed rows.
--   eval_sessions.rated_turn_count: turns with a human rating (sort by rated share, "has
--     human ratings").
--   eval_sessions.persona_ids: the personas present ("persona present").
--   eval_sessions.search_vector: one full-text document per session (seed prompt and every
--     response), replacing the index on every turn's response: fewer index entries to write
--     on import, one probe per session on search.
-- Triggers keep them current whoever writes (the importer, the queue, the LLM judge, the
-- thresholds recompute, tests writing rows directly); statement-level with transition
-- tables, so an import batch of a thousand turns refreshes its sessions once.

-- AlterTable
ALTER TABLE "eval_sessions" ADD COLUMN     "persona_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "rated_turn_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "search_vector" tsvector;

-- CreateTable
CREATE TABLE "session_scores" (
    "session_id" INTEGER NOT NULL,
    "judge_id" INTEGER NOT NULL,
    "total" DOUBLE PRECISION NOT NULL,
    "scored_turn_count" INTEGER NOT NULL,
    "average_score" DOUBLE PRECISION,
    "is_shown" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "session_scores_pkey" PRIMARY KEY ("session_id","judge_id")
);

-- CreateTable
CREATE TABLE "session_display" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "judge_id" INTEGER,

    CONSTRAINT "session_display_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "session_display_one_row" CHECK ("id")
);

-- AddForeignKey
ALTER TABLE "session_display" ADD CONSTRAINT "session_display_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE SET NULL ON UPDATE CASCADE;

INSERT INTO "session_display" ("id", "judge_id") VALUES (true, NULL);

-- AddForeignKey
ALTER TABLE "session_scores" ADD CONSTRAINT "session_scores_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "eval_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_scores" ADD CONSTRAINT "session_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The text search now reads eval_sessions.search_vector.
DROP INDEX IF EXISTS "turns_response_fts_idx";
DROP INDEX IF EXISTS "eval_sessions_seed_prompt_fts_idx";

-- ---------------------------------------------------------------------------------------
-- Refreshing, for a set of sessions (or session × judge pairs). Each recomputes from the
-- rows, never adds to the stored value: the result is the same whatever order writes came in.

-- A session's search document. A tsvector holds at most 1 MB of distinct words; a document
-- under 900 kB cannot exceed that. Longer ones keep their distinct words, alphabetically,
-- up to that size (a pathological session loses search on its rarest-sorted words only).
CREATE FUNCTION "session_search_vector"(p_session_id integer, p_seed_prompt text, p_responses text)
RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
  doc text := COALESCE(p_seed_prompt, '') || ' ' || COALESCE(p_responses, '');
BEGIN
  IF octet_length(doc) <= 900000 THEN
    RETURN strip(to_tsvector('simple'::regconfig, doc));
  END IF;
  RETURN (
    SELECT array_to_tsvector(COALESCE(array_agg(lexeme), ARRAY[]::text[]))
    FROM (
      SELECT lexeme, sum(octet_length(lexeme)) OVER (ORDER BY lexeme) AS upto
      FROM (
        SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, x.text))) AS lexeme
        FROM (SELECT p_seed_prompt AS text UNION ALL SELECT t.response FROM turns t WHERE t.session_id = p_session_id) x
      ) distinct_words
    ) sized
    WHERE upto < 1000000);
END
$$;

-- Personas present and the search document, from the sessions' turns.
CREATE FUNCTION "refresh_session_texts"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE eval_sessions s
  SET persona_ids = COALESCE(x.personas, ARRAY[]::text[]),
      search_vector = session_search_vector(s.id, s.seed_prompt, x.responses)
  FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
  CROSS JOIN LATERAL (
    SELECT array_agg(DISTINCT t.persona_id ORDER BY t.persona_id) AS personas, string_agg(t.response, ' ' ORDER BY t.ordinal) AS responses
    FROM turns t WHERE t.session_id = i.id
  ) x
  WHERE s.id = i.id;
$$;

-- Turns with at least one rating; written only when the count changed.
CREATE FUNCTION "refresh_rated_turn_counts"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE eval_sessions s SET rated_turn_count = x.n
  FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM turns t
    WHERE t.session_id = i.id AND (SELECT 1 FROM ratings r WHERE r.turn_id = t.id LIMIT 1) IS NOT NULL
  ) x
  WHERE s.id = i.id AND s.rated_turn_count <> x.n;
$$;

-- Writers of session_scores hold this advisory lock shared, and a change of display judge
-- holds it exclusively while it re-marks every session: no writer marks rows under the old
-- display judge after the change has re-marked them (see set_session_display_judge).
CREATE FUNCTION "lock_session_display"() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(7270736901);
$$;

-- Marks each given session's shown row: the display judge's, else the lowest judge id.
CREATE FUNCTION "refresh_shown_scores"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE session_scores ss SET is_shown = (ss.judge_id = w.judge_id)
  FROM (
    SELECT DISTINCT ON (x.session_id) x.session_id, x.judge_id
    FROM session_scores x
    WHERE x.session_id = ANY(p_session_ids)
    ORDER BY x.session_id, x.judge_id = (SELECT judge_id FROM session_display) DESC NULLS LAST, x.judge_id
  ) w
  WHERE ss.session_id = ANY(p_session_ids) AND ss.session_id = w.session_id AND ss.is_shown <> (ss.judge_id = w.judge_id);
$$;

-- These functions run inside every import's transaction, where the statistics do not know
-- the rows being written yet; a join PostgreSQL may turn into a scan of a whole table would
-- make each batch slower than the one before. So every lookup is written as a correlated
-- subquery on an index (turns by session, judge_scores by turn and judge, ratings by turn),
-- which no plan can turn into a scan of the table.

-- session_scores for the given (session, judge) pairs: recomputed in turn order, removed
-- when the judge no longer scores any turn of the session, unchanged rows not rewritten.
CREATE FUNCTION "refresh_session_scores"(p_session_ids integer[], p_judge_ids integer[]) RETURNS void LANGUAGE sql AS $$
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

-- Every judge of the given sessions (after turns were deleted or changed).
CREATE FUNCTION "refresh_all_session_scores"(p_session_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM session_scores WHERE session_id = ANY(p_session_ids);
  SELECT refresh_session_scores(array_agg(pairs.session_id), array_agg(pairs.judge_id))
  FROM (
    SELECT DISTINCT i.id AS session_id, js.judge_id
    FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i
    CROSS JOIN LATERAL (SELECT t.id FROM turns t WHERE t.session_id = i.id OFFSET 0) t
    CROSS JOIN LATERAL (SELECT js.judge_id FROM judge_scores js WHERE js.turn_id = t.id OFFSET 0) js
  ) pairs
  HAVING count(*) > 0;
$$;

-- Re-marks every session's shown row under the stored display judge (one pass over
-- session_scores; refresh_shown_scores does the same for a few sessions through the index).
CREATE FUNCTION "refresh_all_shown_scores"() RETURNS void LANGUAGE sql AS $$
  UPDATE session_scores ss SET is_shown = (ss.judge_id = w.judge_id)
  FROM (
    SELECT DISTINCT ON (x.session_id) x.session_id, x.judge_id
    FROM session_scores x
    ORDER BY x.session_id, x.judge_id = (SELECT judge_id FROM session_display) DESC NULLS LAST, x.judge_id
  ) w
  WHERE ss.session_id = w.session_id AND ss.is_shown <> (ss.judge_id = w.judge_id);
$$;

-- Sets the display judge (null: each session's first judge) and re-marks every session's
-- shown row; false, doing nothing, when it is already set. Waits for writers in progress.
CREATE FUNCTION "set_session_display_judge"(p_judge_id integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7270736901);
  UPDATE session_display SET judge_id = p_judge_id WHERE judge_id IS DISTINCT FROM p_judge_id;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM refresh_all_shown_scores();
  RETURN true;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Triggers.

-- New turns: personas and search document (their scores and ratings come with their own
-- triggers). Deleted or changed turns: everything of their sessions. A turn deleted with its
-- session finds no session row to update, and leaves nothing behind.
CREATE FUNCTION "turns_refresh_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
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

CREATE TRIGGER "turns_sessions_insert" AFTER INSERT ON "turns"
  REFERENCING NEW TABLE AS new_turns FOR EACH STATEMENT EXECUTE FUNCTION "turns_refresh_sessions"();
CREATE TRIGGER "turns_sessions_update" AFTER UPDATE ON "turns"
  REFERENCING OLD TABLE AS old_turns NEW TABLE AS new_turns FOR EACH STATEMENT EXECUTE FUNCTION "turns_refresh_sessions"();
CREATE TRIGGER "turns_sessions_delete" AFTER DELETE ON "turns"
  REFERENCING OLD TABLE AS old_turns FOR EACH STATEMENT EXECUTE FUNCTION "turns_refresh_sessions"();

-- Judge scores written, changed or removed: the (session, judge) pairs they belong to.
-- Scores removed with their turns are handled by the turns trigger.
CREATE FUNCTION "judge_scores_refresh_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sessions integer[];
  judges integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(t.session_id), array_agg(c.judge_id) INTO sessions, judges
    FROM (SELECT DISTINCT turn_id, judge_id FROM new_scores) c JOIN turns t ON t.id = c.turn_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(t.session_id), array_agg(c.judge_id) INTO sessions, judges
    FROM (SELECT DISTINCT turn_id, judge_id FROM old_scores) c JOIN turns t ON t.id = c.turn_id;
  ELSE
    SELECT array_agg(t.session_id), array_agg(c.judge_id) INTO sessions, judges
    FROM (SELECT turn_id, judge_id FROM old_scores UNION SELECT turn_id, judge_id FROM new_scores) c JOIN turns t ON t.id = c.turn_id;
  END IF;
  IF sessions IS NOT NULL THEN
    PERFORM lock_session_display();
    PERFORM refresh_session_scores(sessions, judges);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "judge_scores_sessions_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION "judge_scores_refresh_sessions"();
CREATE TRIGGER "judge_scores_sessions_update" AFTER UPDATE ON "judge_scores"
  REFERENCING OLD TABLE AS old_scores NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION "judge_scores_refresh_sessions"();
CREATE TRIGGER "judge_scores_sessions_delete" AFTER DELETE ON "judge_scores"
  REFERENCING OLD TABLE AS old_scores FOR EACH STATEMENT EXECUTE FUNCTION "judge_scores_refresh_sessions"();

-- session_scores rows deleted with their judge: the sessions' shown rows.
CREATE FUNCTION "session_scores_refresh_shown"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT array_agg(DISTINCT session_id) INTO ids FROM old_session_scores WHERE is_shown;
  IF ids IS NOT NULL THEN PERFORM refresh_shown_scores(ids); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "session_scores_shown_delete" AFTER DELETE ON "session_scores"
  REFERENCING OLD TABLE AS old_session_scores FOR EACH STATEMENT EXECUTE FUNCTION "session_scores_refresh_shown"();

-- Ratings written or removed: their sessions' rated turn counts.
CREATE FUNCTION "ratings_refresh_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT t.session_id) INTO ids FROM turns t WHERE t.id IN (SELECT turn_id FROM new_ratings);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT t.session_id) INTO ids FROM turns t WHERE t.id IN (SELECT turn_id FROM old_ratings);
  ELSE
    SELECT array_agg(DISTINCT t.session_id) INTO ids FROM turns t
    WHERE t.id IN (SELECT turn_id FROM old_ratings UNION SELECT turn_id FROM new_ratings);
  END IF;
  IF ids IS NOT NULL THEN PERFORM refresh_rated_turn_counts(ids); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "ratings_sessions_insert" AFTER INSERT ON "ratings"
  REFERENCING NEW TABLE AS new_ratings FOR EACH STATEMENT EXECUTE FUNCTION "ratings_refresh_sessions"();
CREATE TRIGGER "ratings_sessions_update" AFTER UPDATE ON "ratings"
  REFERENCING OLD TABLE AS old_ratings NEW TABLE AS new_ratings FOR EACH STATEMENT EXECUTE FUNCTION "ratings_refresh_sessions"();
CREATE TRIGGER "ratings_sessions_delete" AFTER DELETE ON "ratings"
  REFERENCING OLD TABLE AS old_ratings FOR EACH STATEMENT EXECUTE FUNCTION "ratings_refresh_sessions"();

-- A new or changed seed prompt: the session's search document (from its turns, if any).
CREATE FUNCTION "eval_sessions_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := session_search_vector(NEW.id, NEW.seed_prompt,
    (SELECT string_agg(t.response, ' ' ORDER BY t.ordinal) FROM turns t WHERE t.session_id = NEW.id));
  RETURN NEW;
END
$$;

CREATE TRIGGER "eval_sessions_search_vector_insert" BEFORE INSERT ON "eval_sessions"
  FOR EACH ROW EXECUTE FUNCTION "eval_sessions_search_vector"();
CREATE TRIGGER "eval_sessions_search_vector_update" BEFORE UPDATE OF "seed_prompt" ON "eval_sessions"
  FOR EACH ROW WHEN (OLD.seed_prompt IS DISTINCT FROM NEW.seed_prompt) EXECUTE FUNCTION "eval_sessions_search_vector"();

-- A changed turn count: the averages (total / turn count) of the session.
CREATE FUNCTION "eval_sessions_turn_count_averages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE session_scores SET average_score = total / NULLIF(NEW.turn_count, 0) WHERE session_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER "eval_sessions_turn_count_update" AFTER UPDATE OF "turn_count" ON "eval_sessions"
  FOR EACH ROW WHEN (OLD.turn_count IS DISTINCT FROM NEW.turn_count) EXECUTE FUNCTION "eval_sessions_turn_count_averages"();

-- ---------------------------------------------------------------------------------------
-- Sessions stored before this migration (statistics first: the refresh functions' joins are
-- planned from them, and a table never analysed looks empty).
ANALYZE "eval_sessions", "turns", "judge_scores", "ratings";
SELECT refresh_session_texts(ARRAY(SELECT id FROM eval_sessions));
SELECT refresh_rated_turn_counts(ARRAY(SELECT id FROM eval_sessions));
SELECT refresh_all_session_scores(ARRAY(SELECT id FROM eval_sessions));

-- ---------------------------------------------------------------------------------------
-- Indexes (one statement each; bench/browse.bench.ts drops and rebuilds them around its fill).

-- Sort by average score (and quality level, which follows it) for one judge, and the score
-- range and level filters, with the session id as tie-break; the same over the shown rows.
CREATE INDEX IF NOT EXISTS "session_scores_judge_id_average_score_session_id_idx" ON "session_scores" ("judge_id", "average_score", "session_id");
CREATE INDEX IF NOT EXISTS "session_scores_shown_average_score_session_id_idx" ON "session_scores" ("average_score", "session_id") WHERE "is_shown";

-- Text search: one document per session.
CREATE INDEX IF NOT EXISTS "eval_sessions_search_vector_idx" ON "eval_sessions" USING gin ("search_vector");

-- "Persona present".
CREATE INDEX IF NOT EXISTS "eval_sessions_persona_ids_idx" ON "eval_sessions" USING gin ("persona_ids");

-- Sort by human-rated share (a session without turns counts as 0), with the id as tie-break.
CREATE INDEX IF NOT EXISTS "eval_sessions_rated_share_id_idx" ON "eval_sessions" (("rated_turn_count"::float8 / GREATEST("turn_count", 1)), "id");
