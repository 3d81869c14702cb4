-- The thresholds preview's score index on disk (issue 20). The preview rescores every turn the
-- heuristic judge v1 scored; its first read in a process used to join a million judge_scores
-- rows with turns and COPY them out field by field (1.4 s of PostgreSQL CPU). score_index_packs
-- holds, per session, those turns already packed column by column in turn order: the turn
-- ids (int4), persona codes (int4), then the overall, length, sentiment, completeness and
-- critical intensity scores (float8, a missing metric as 0), each big-endian as int4send and
-- float8send write them, 48 bytes a turn. The first read is then a COPY of one byte string per
-- session, which the server copies into its typed arrays as they are (then swaps the bytes). Persona codes come from score_index_personas (never changed or reused). Triggers on
-- judge_scores (the seed judge's rows only) and turns rebuild the packs of the sessions a
-- statement touched, under the same per-session advisory lock as the other session aggregates.

-- CreateTable
CREATE TABLE "score_index_packs" (
    "session_id" INTEGER NOT NULL,
    "first_turn_id" INTEGER NOT NULL,
    "last_turn_id" INTEGER NOT NULL,
    "turn_count" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "score_index_packs_pkey" PRIMARY KEY ("session_id")
);

-- CreateTable
CREATE TABLE "score_index_personas" (
    "code" SERIAL NOT NULL,
    "persona_id" TEXT NOT NULL,

    CONSTRAINT "score_index_personas_pkey" PRIMARY KEY ("code")
);

-- CreateIndex
CREATE UNIQUE INDEX "score_index_personas_persona_id_key" ON "score_index_personas"("persona_id");

-- AddForeignKey
ALTER TABLE "score_index_packs" ADD CONSTRAINT "score_index_packs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "eval_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Packs are read whole: stored uncompressed (nothing to gain on doubles, and no compression
-- attempt on each write), out of line above 2 kB, so the main heap stays small.
ALTER TABLE "score_index_packs" ALTER COLUMN "data" SET STORAGE EXTERNAL;

-- The judge whose scores the index holds (the seed heuristic judge v1), null before the first import.
CREATE FUNCTION "score_index_judge_id"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'
$$;

-- The pack of one session's turns scored by the judge (none when it scored none). Every lookup
-- is on an index (turns by session, judge_scores by turn and judge), so no plan made from
-- stale statistics turns it into a scan of a whole table.
CREATE FUNCTION "score_pack_of"(p_session_id integer, p_judge_id integer)
RETURNS TABLE (first_turn_id integer, last_turn_id integer, turn_count integer, data bytea) LANGUAGE sql STABLE AS $$
  SELECT min(x.id), max(x.id), count(*)::int,
         string_agg(int4send(x.id), ''::bytea ORDER BY x.id) || string_agg(int4send(x.code), ''::bytea ORDER BY x.id)
         || string_agg(float8send(x.overall_score), ''::bytea ORDER BY x.id)
         || string_agg(float8send(COALESCE(x.length_score, 0)), ''::bytea ORDER BY x.id)
         || string_agg(float8send(COALESCE(x.sentiment_score, 0)), ''::bytea ORDER BY x.id)
         || string_agg(float8send(COALESCE(x.completeness_score, 0)), ''::bytea ORDER BY x.id)
         || string_agg(float8send(COALESCE(x.critical_intensity, 0)), ''::bytea ORDER BY x.id)
  FROM (
    SELECT t.id, (SELECT p.code FROM score_index_personas p WHERE p.persona_id = t.persona_id) AS code,
           js.overall_score, js.length_score, js.sentiment_score, js.completeness_score, js.critical_intensity
    FROM turns t
    JOIN LATERAL (SELECT * FROM judge_scores js WHERE js.turn_id = t.id AND js.judge_id = p_judge_id) js ON true
    WHERE t.session_id = p_session_id
    OFFSET 0
  ) x
  HAVING count(*) > 0
$$;

-- Rebuilds the packs of the given sessions from judge_scores and turns (a session without a
-- scored turn has none). One generic plan per connection: planning the pack's query for each
-- statement (a custom plan every time, as the plan cache otherwise chooses here) cost ten
-- times the work itself on an import of small sessions, and the plan is the same for any
-- sessions (index lookups from each session id).
CREATE FUNCTION "refresh_score_packs"(p_session_ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  seed integer := score_index_judge_id();
BEGIN
  PERFORM lock_session_aggregates(p_session_ids);
  INSERT INTO score_index_personas (persona_id)
  SELECT DISTINCT t.persona_id FROM (SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id)) i JOIN turns t ON t.session_id = i.id
  WHERE NOT EXISTS (SELECT 1 FROM score_index_personas p WHERE p.persona_id = t.persona_id)
  ORDER BY 1
  ON CONFLICT (persona_id) DO NOTHING;

  WITH ids AS (
    SELECT DISTINCT id FROM unnest(p_session_ids) AS ids(id) WHERE id IS NOT NULL
  ), fresh AS (
    SELECT i.id AS session_id, pack.* FROM ids i CROSS JOIN LATERAL score_pack_of(i.id, seed) pack
  ), removed AS (
    DELETE FROM score_index_packs k USING ids i
    WHERE k.session_id = i.id AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.session_id = i.id)
  )
  INSERT INTO score_index_packs AS k (session_id, first_turn_id, last_turn_id, turn_count, data)
  SELECT session_id, first_turn_id, last_turn_id, turn_count, data FROM fresh
  ON CONFLICT (session_id) DO UPDATE
  SET first_turn_id = EXCLUDED.first_turn_id, last_turn_id = EXCLUDED.last_turn_id, turn_count = EXCLUDED.turn_count, data = EXCLUDED.data
  WHERE (k.first_turn_id, k.last_turn_id, k.turn_count, k.data) IS DISTINCT FROM (EXCLUDED.first_turn_id, EXCLUDED.last_turn_id, EXCLUDED.turn_count, EXCLUDED.data);
END
$$;

-- judge_scores: the sessions of the seed judge's rows a statement wrote or removed. Without
-- a seed judge (none yet, or its row deleted, which removes its scores) there are no packs.
CREATE FUNCTION "judge_scores_refresh_score_packs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seed integer := score_index_judge_id();
  ids integer[];
BEGIN
  IF seed IS NULL THEN
    IF EXISTS (SELECT 1 FROM score_index_packs) THEN DELETE FROM score_index_packs; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT t.session_id) INTO ids FROM new_rows c JOIN turns t ON t.id = c.turn_id WHERE c.judge_id = seed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT t.session_id) INTO ids FROM old_rows c JOIN turns t ON t.id = c.turn_id WHERE c.judge_id = seed;
  ELSE
    -- Only rows whose turn, judge or scores changed (an update of token counts changes nothing here).
    SELECT array_agg(DISTINCT t.session_id) INTO ids FROM (
      SELECT o.turn_id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.judge_id = seed AND (o.turn_id, o.judge_id, o.overall_score, o.length_score, o.sentiment_score, o.completeness_score, o.critical_intensity)
        IS DISTINCT FROM (n.turn_id, n.judge_id, n.overall_score, n.length_score, n.sentiment_score, n.completeness_score, n.critical_intensity)
      UNION
      SELECT n.turn_id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE n.judge_id = seed AND (o.turn_id, o.judge_id, o.overall_score, o.length_score, o.sentiment_score, o.completeness_score, o.critical_intensity)
        IS DISTINCT FROM (n.turn_id, n.judge_id, n.overall_score, n.length_score, n.sentiment_score, n.completeness_score, n.critical_intensity)
    ) c JOIN turns t ON t.id = c.turn_id;
  END IF;
  IF ids IS NOT NULL THEN PERFORM refresh_score_packs(ids); END IF;
  RETURN NULL;
END
$$;

-- turns: a turn moved to another session or given another persona, or removed (a removed
-- turn's scores go with it, when its session is no longer found through it).
CREATE FUNCTION "turns_refresh_score_packs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT session_id) INTO ids FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM score_index_packs k WHERE k.session_id = o.session_id);
  ELSE
    SELECT array_agg(DISTINCT session_id) INTO ids FROM (
      SELECT o.session_id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.id IS NOT NULL AND (o.session_id, o.persona_id) IS DISTINCT FROM (n.session_id, n.persona_id)
      UNION
      SELECT n.session_id FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE n.id IS NOT NULL AND (o.session_id, o.persona_id) IS DISTINCT FROM (n.session_id, n.persona_id)
    ) changed;
  END IF;
  IF ids IS NOT NULL THEN PERFORM refresh_score_packs(ids); END IF;
  RETURN NULL;
END
$$;

-- Emptying a table empties the packs it feeds.
CREATE FUNCTION "score_index_packs_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM score_index_packs;
  RETURN NULL;
END
$$;

CREATE TRIGGER "judge_scores_score_packs_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_refresh_score_packs();
CREATE TRIGGER "judge_scores_score_packs_update" AFTER UPDATE ON "judge_scores"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_refresh_score_packs();
CREATE TRIGGER "judge_scores_score_packs_delete" AFTER DELETE ON "judge_scores"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_refresh_score_packs();
CREATE TRIGGER "turns_score_packs_update" AFTER UPDATE ON "turns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION turns_refresh_score_packs();
CREATE TRIGGER "turns_score_packs_delete" AFTER DELETE ON "turns"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION turns_refresh_score_packs();
CREATE TRIGGER "judge_scores_score_packs_truncate" AFTER TRUNCATE ON "judge_scores" FOR EACH STATEMENT EXECUTE FUNCTION score_index_packs_truncate();
CREATE TRIGGER "turns_score_packs_truncate" AFTER TRUNCATE ON "turns" FOR EACH STATEMENT EXECUTE FUNCTION score_index_packs_truncate();

-- The packs of the data already there (this transaction holds no per-session locks).
INSERT INTO score_index_personas (persona_id) SELECT DISTINCT persona_id FROM turns ORDER BY 1;
INSERT INTO score_index_packs (session_id, first_turn_id, last_turn_id, turn_count, data)
SELECT s.id, pack.* FROM eval_sessions s CROSS JOIN LATERAL score_pack_of(s.id, score_index_judge_id()) pack;
