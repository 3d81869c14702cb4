-- The agreement report reads rated_units' rows packed as bytes instead of JSON text (issue 20):
-- a cold report at 100,000 rated turns spent about 140 ms in Node receiving and parsing the
-- JSON. The packed row (see "packed" in schema.prisma) is read by a binary COPY and decoded
-- while it streams in: numbers as big-endian words, each distinct text (persona, label,
-- criterion, rater key) decoded once. Same contents as the JSON, so the same report.

-- AlterTable (filled below, once the functions exist).
ALTER TABLE "rated_units" ADD COLUMN "packed" BYTEA;

-- A text as its UTF-8 byte length (int4) and bytes. STABLE as convert_to is, so that it is
-- inlined into the caller (an IMMUTABLE wrapper would be called as a function, 4x the time).
CREATE FUNCTION "rated_unit_text"(p text) RETURNS bytea LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
  SELECT int4send(length(convert_to(p, 'UTF8'))) || convert_to(p, 'UTF8')
$$;

-- One unit packed: turn id, session id, words, UTC day, import id, adjudicated, gold (0 when
-- null), null flags (1: no import, 2: not adjudicated, 4: no gold, 8: criterion = label), the
-- number of ratings; persona, label, the criterion unless it equals the label; then each
-- rating's level and rater key, in rating id order (one or two ratings, nearly every unit,
-- without a sorted aggregate).
CREATE FUNCTION "rated_unit_packed"(
  p_turn_id integer, p_session_id integer, p_persona text, p_label text, p_criterion text, p_word_count integer,
  p_turn_time timestamptz, p_import_id integer, p_adjudicated integer, p_gold integer, p_raters text[], p_levels integer[]
) RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT int4send(p_turn_id) || int4send(p_session_id) || int4send(p_word_count)
      || int4send(floor(extract(epoch FROM p_turn_time) / 86400)::int)
      || int4send(COALESCE(p_import_id, 0)) || int4send(COALESCE(p_adjudicated, 0)) || int4send(COALESCE(p_gold, 0))
      || int4send((p_import_id IS NULL)::int | ((p_adjudicated IS NULL)::int << 1) | ((p_gold IS NULL)::int << 2) | ((p_criterion = p_label)::int << 3))
      || int4send(COALESCE(cardinality(p_raters), 0))
      || rated_unit_text(p_persona) || rated_unit_text(p_label)
      || CASE WHEN p_criterion = p_label THEN ''::bytea ELSE rated_unit_text(p_criterion) END
      || CASE COALESCE(cardinality(p_raters), 0)
           WHEN 0 THEN ''::bytea
           WHEN 1 THEN int4send(p_levels[1]) || rated_unit_text(p_raters[1])
           WHEN 2 THEN int4send(p_levels[1]) || rated_unit_text(p_raters[1]) || int4send(p_levels[2]) || rated_unit_text(p_raters[2])
           ELSE (SELECT string_agg(int4send(p.level) || rated_unit_text(p.rater), ''::bytea ORDER BY p.o)
                 FROM unnest(p_raters, p_levels) WITH ORDINALITY AS p(rater, level, o))
         END
$$;

-- The refresh as in migration "rated_units", writing the packed row instead of the JSON text.
CREATE OR REPLACE FUNCTION "refresh_rated_units"(p_turn_ids integer[]) RETURNS void LANGUAGE sql AS $$
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
  INSERT INTO rated_units AS u (turn_id, criterion, label, session_id, persona_id, word_count, turn_time, import_id, adjudicated, gold, raters, levels, packed)
  SELECT v.*,
         rated_unit_packed(v.turn_id, v.session_id, v.persona_id, v.label, v.criterion, v.word_count, v.turn_time,
                           v.import_id, v.adjudicated, v.gold, v.raters, v.levels)
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
      adjudicated = EXCLUDED.adjudicated, gold = EXCLUDED.gold, raters = EXCLUDED.raters, levels = EXCLUDED.levels, packed = EXCLUDED.packed
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

-- The rows already there, packed from their own columns; then the JSON dropped.
UPDATE "rated_units" SET "packed" = rated_unit_packed(turn_id, session_id, persona_id, label, criterion, word_count, turn_time,
                                                      import_id, adjudicated, gold, raters, levels);
ALTER TABLE "rated_units" ALTER COLUMN "packed" SET NOT NULL, DROP COLUMN "doc";
