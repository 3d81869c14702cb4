-- The agreement report's working set (issue 20). rated_units holds one row per unit (turn ×
-- rating criterion) with at least one human level: what the report filters and groups by
-- (persona, criterion label, the turn's time, session, import), the adjudicated and gold
-- levels, the unit's ratings as two arrays, and all of it once more as the JSON text the
-- report reads (doc: aggregating ready text costs a fifth of building JSON per column, and
-- one flat array parses in half the time of nested ones). rated_unit_scores holds every judge's overall
-- score of those turns. Triggers keep both right whoever writes (the importer, the queue, SQL
-- by hand), so the report reads about 100,000 narrow rows at a million turns instead of
-- joining ratings, judge_scores, turns and eval_sessions on every cold request.

-- CreateTable
CREATE TABLE "rated_units" (
    "turn_id" INTEGER NOT NULL,
    "criterion" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "session_id" INTEGER NOT NULL,
    "persona_id" TEXT NOT NULL,
    "word_count" INTEGER NOT NULL,
    "turn_time" TIMESTAMPTZ(3) NOT NULL,
    "import_id" INTEGER,
    "adjudicated" INTEGER,
    "gold" INTEGER,
    "raters" TEXT[],
    "levels" INTEGER[],
    "doc" TEXT NOT NULL,

    CONSTRAINT "rated_units_pkey" PRIMARY KEY ("turn_id","criterion")
);

-- CreateTable
CREATE TABLE "rated_unit_scores" (
    "judge_id" INTEGER NOT NULL,
    "turn_id" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "rated_unit_scores_pkey" PRIMARY KEY ("judge_id","turn_id")
);

-- CreateIndex
CREATE INDEX "rated_unit_scores_turn_id_idx" ON "rated_unit_scores"("turn_id");

-- AddForeignKey
ALTER TABLE "rated_units" ADD CONSTRAINT "rated_units_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rated_unit_scores" ADD CONSTRAINT "rated_unit_scores_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rated_unit_scores" ADD CONSTRAINT "rated_unit_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A change of a session's start or import reaches its rated units through this.
CREATE INDEX "rated_units_session_id_idx" ON "rated_units"("session_id");

-- ---------------------------------------------------------------------------------------
-- Functions. As in session_aggregates, every lookup is a correlated subquery on an index
-- (ratings, judge_scores, adjudications and gold_items by turn), which no plan made from an
-- import transaction's stale statistics can turn into a scan of a whole table.

-- Recomputes the rated units of the given turns from their ratings (a rating counts when it
-- has a level and a rater or annotator, as the report has always read them), removes those
-- left without one, and brings the turns' rows in rated_unit_scores in line. Unchanged rows
-- are not rewritten.
CREATE FUNCTION "refresh_rated_units"(p_turn_ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH ids AS (
    SELECT DISTINCT id FROM unnest(p_turn_ids) AS ids(id)
  ), fresh AS (
    SELECT i.id AS turn_id, r.criterion, r.raters, r.levels
    FROM ids i
    CROSS JOIN LATERAL (
      SELECT x.criterion,
             array_agg(COALESCE('u' || x.rater_id, 'a:' || x.annotator) ORDER BY x.id) AS raters,
             array_agg(x.level ORDER BY x.id) AS levels
      FROM ratings x
      WHERE x.turn_id = i.id AND x.level IS NOT NULL AND (x.rater_id IS NOT NULL OR x.annotator IS NOT NULL)
      GROUP BY x.criterion
    ) r
  ), removed AS (
    DELETE FROM rated_units u USING ids i
    WHERE u.turn_id = i.id AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.turn_id = u.turn_id AND f.criterion = u.criterion)
  )
  INSERT INTO rated_units AS u (turn_id, criterion, label, session_id, persona_id, word_count, turn_time, import_id, adjudicated, gold, raters, levels, doc)
  SELECT v.*,
         rtrim(substr(json_build_array(v.turn_id, v.session_id, v.persona_id, v.label, NULLIF(v.criterion, v.label), v.word_count,
                                       floor(extract(epoch FROM v.turn_time) / 86400)::int, v.import_id, v.adjudicated, v.gold,
                                       cardinality(v.raters))::text, 2), ']')
         || ',' || (SELECT string_agg(to_json(p.rater)::text || ',' || p.level, ',' ORDER BY p.o)
                    FROM unnest(v.raters, v.levels) WITH ORDINALITY AS p(rater, level, o))
  FROM (
    SELECT f.turn_id, f.criterion, COALESCE(CASE WHEN f.criterion = 'overall' THEN t.dimension END, f.criterion) AS label,
           t.session_id, t.persona_id, t.word_count, t.turn_time, t.import_id,
           (SELECT a.level FROM adjudications a WHERE a.turn_id = f.turn_id AND a.criterion = f.criterion) AS adjudicated,
           (SELECT g.level FROM gold_items g WHERE g.turn_id = f.turn_id AND g.criterion = f.criterion) AS gold,
           f.raters, f.levels
    FROM fresh f
    CROSS JOIN LATERAL (
      SELECT t.dimension, t.session_id, t.persona_id, t.word_count, COALESCE(t.occurred_at, s.started_at, s.created_at) AS turn_time, s.import_id
      FROM turns t JOIN eval_sessions s ON s.id = t.session_id
      WHERE t.id = f.turn_id
      OFFSET 0
    ) t
  ) v
  ON CONFLICT (turn_id, criterion) DO UPDATE
  SET label = EXCLUDED.label, session_id = EXCLUDED.session_id, persona_id = EXCLUDED.persona_id,
      word_count = EXCLUDED.word_count, turn_time = EXCLUDED.turn_time, import_id = EXCLUDED.import_id,
      adjudicated = EXCLUDED.adjudicated, gold = EXCLUDED.gold, raters = EXCLUDED.raters, levels = EXCLUDED.levels, doc = EXCLUDED.doc
  WHERE (u.label, u.session_id, u.persona_id, u.word_count, u.turn_time, u.import_id, u.adjudicated, u.gold, u.raters, u.levels)
    IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.session_id, EXCLUDED.persona_id, EXCLUDED.word_count, EXCLUDED.turn_time,
                      EXCLUDED.import_id, EXCLUDED.adjudicated, EXCLUDED.gold, EXCLUDED.raters, EXCLUDED.levels);

  DELETE FROM rated_unit_scores sc
  USING (SELECT DISTINCT id FROM unnest(p_turn_ids) AS ids(id)) i
  WHERE sc.turn_id = i.id AND NOT EXISTS (SELECT 1 FROM rated_units u WHERE u.turn_id = i.id);

  INSERT INTO rated_unit_scores AS sc (judge_id, turn_id, score)
  SELECT js.judge_id, i.id, js.overall_score
  FROM (SELECT DISTINCT id FROM unnest(p_turn_ids) AS ids(id)) i
  CROSS JOIN LATERAL (SELECT js.judge_id, js.overall_score FROM judge_scores js WHERE js.turn_id = i.id OFFSET 0) js
  WHERE EXISTS (SELECT 1 FROM rated_units u WHERE u.turn_id = i.id)
  ON CONFLICT (judge_id, turn_id) DO UPDATE SET score = EXCLUDED.score WHERE sc.score IS DISTINCT FROM EXCLUDED.score;
$$;

-- ---------------------------------------------------------------------------------------
-- Triggers (statement-level, with transition tables: one refresh per written batch).

-- Ratings, adjudications and gold items written, changed or removed: their turns' units.
CREATE FUNCTION "rated_units_refresh_turns"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT turn_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT turn_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT turn_id) INTO ids FROM (SELECT turn_id FROM old_rows UNION SELECT turn_id FROM new_rows) changed;
  END IF;
  IF ids IS NOT NULL THEN PERFORM refresh_rated_units(ids); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "ratings_rated_units_insert" AFTER INSERT ON "ratings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();
CREATE TRIGGER "ratings_rated_units_update" AFTER UPDATE ON "ratings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();
CREATE TRIGGER "ratings_rated_units_delete" AFTER DELETE ON "ratings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();

CREATE TRIGGER "adjudications_rated_units_insert" AFTER INSERT ON "adjudications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();
CREATE TRIGGER "adjudications_rated_units_update" AFTER UPDATE ON "adjudications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();
CREATE TRIGGER "adjudications_rated_units_delete" AFTER DELETE ON "adjudications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();

CREATE TRIGGER "gold_items_rated_units_insert" AFTER INSERT ON "gold_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();
CREATE TRIGGER "gold_items_rated_units_update" AFTER UPDATE ON "gold_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();
CREATE TRIGGER "gold_items_rated_units_delete" AFTER DELETE ON "gold_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rated_units_refresh_turns"();

-- Turns changed in place (persona, words, time, dimension, session): their units, when rated.
-- Deleted turns take their rows with them (foreign keys).
CREATE FUNCTION "turns_refresh_rated_units"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT array_agg(DISTINCT c.id) INTO ids
  FROM (SELECT id FROM old_rows UNION SELECT id FROM new_rows) c
  WHERE EXISTS (SELECT 1 FROM rated_units u WHERE u.turn_id = c.id);
  IF ids IS NOT NULL THEN PERFORM refresh_rated_units(ids); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "turns_rated_units_update" AFTER UPDATE ON "turns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "turns_refresh_rated_units"();

-- A session's start, creation time or import changed (an import deleted sets import_id to
-- null): the units of its turns. (A trigger with transition tables cannot name columns, so
-- it fires on every update of sessions, e.g. rated_turn_count, and finds nothing to do.)
CREATE FUNCTION "eval_sessions_refresh_rated_units"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT array_agg(DISTINCT u.turn_id) INTO ids
  FROM rated_units u
  WHERE u.session_id IN (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.started_at, n.created_at, n.import_id) IS DISTINCT FROM (o.started_at, o.created_at, o.import_id));
  IF ids IS NOT NULL THEN PERFORM refresh_rated_units(ids); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "eval_sessions_rated_units_update" AFTER UPDATE ON "eval_sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "eval_sessions_refresh_rated_units"();

-- Judge scores written, changed or removed: the rows of the turns that are rated. A
-- recompute writing a million scores probes rated_units once per score (or hashes it).
CREATE FUNCTION "judge_scores_refresh_rated_units"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM rated_unit_scores sc USING old_rows o
    WHERE sc.judge_id = o.judge_id AND sc.turn_id = o.turn_id
      AND NOT EXISTS (SELECT 1 FROM judge_scores js WHERE js.turn_id = o.turn_id AND js.judge_id = o.judge_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO rated_unit_scores AS sc (judge_id, turn_id, score)
    SELECT n.judge_id, n.turn_id, n.overall_score FROM new_rows n
    WHERE EXISTS (SELECT 1 FROM rated_units u WHERE u.turn_id = n.turn_id)
    ON CONFLICT (judge_id, turn_id) DO UPDATE SET score = EXCLUDED.score WHERE sc.score IS DISTINCT FROM EXCLUDED.score;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "judge_scores_rated_units_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "judge_scores_refresh_rated_units"();
CREATE TRIGGER "judge_scores_rated_units_update" AFTER UPDATE ON "judge_scores"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "judge_scores_refresh_rated_units"();
CREATE TRIGGER "judge_scores_rated_units_delete" AFTER DELETE ON "judge_scores"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "judge_scores_refresh_rated_units"();

-- ---------------------------------------------------------------------------------------
-- Ratings stored before this migration (statistics first, as in session_aggregates).
ANALYZE "ratings", "turns", "judge_scores";
SELECT refresh_rated_units(ARRAY(SELECT DISTINCT turn_id FROM ratings));
ANALYZE "rated_units", "rated_unit_scores";
