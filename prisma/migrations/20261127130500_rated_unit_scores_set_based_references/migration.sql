-- rated_unit_scores' references to turns and judges, kept as judge_scores' are (migration
-- "judge_scores_set_based_references") instead of by foreign keys: a recompute writes a score
-- of every rated turn it reaches, and each one's two foreign key checks (an SPI query and a
-- FOR KEY SHARE row lock apiece) were three quarters of that write. The same integrity, set-based:
--   - a statement that writes rated_unit_scores takes the shared lock 7270736902 and then
--     checks, in one anti-join per table, that every turn and judge it names exists;
--   - a delete of turns or judges, which takes that lock exclusively (lock_judge_score_references),
--     deletes their rated_unit_scores with a fresh snapshot, after every writer in flight committed.
-- The constraint names stay in the error, so callers see what they saw before.
ALTER TABLE "rated_unit_scores" DROP CONSTRAINT "rated_unit_scores_turn_id_fkey";
ALTER TABLE "rated_unit_scores" DROP CONSTRAINT "rated_unit_scores_judge_id_fkey";

CREATE FUNCTION "rated_unit_scores_check_references"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7270736902);
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM turns t WHERE t.id IN (SELECT turn_id FROM new_scores) FOR KEY SHARE OF t;
    PERFORM 1 FROM judges j WHERE j.id IN (SELECT judge_id FROM new_scores) FOR KEY SHARE OF j;
  END IF;
  SELECT n.turn_id INTO missing FROM new_scores n WHERE NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = n.turn_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "rated_unit_scores" violates foreign key constraint "rated_unit_scores_turn_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (turn_id)=(%s) is not present in table "turns".', missing),
        TABLE = 'rated_unit_scores', CONSTRAINT = 'rated_unit_scores_turn_id_fkey';
  END IF;
  SELECT n.judge_id INTO missing FROM (SELECT DISTINCT judge_id FROM new_scores) n WHERE NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = n.judge_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "rated_unit_scores" violates foreign key constraint "rated_unit_scores_judge_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (judge_id)=(%s) is not present in table "judges".', missing),
        TABLE = 'rated_unit_scores', CONSTRAINT = 'rated_unit_scores_judge_id_fkey';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "rated_unit_scores_check_references_insert" AFTER INSERT ON "rated_unit_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION rated_unit_scores_check_references();
CREATE TRIGGER "rated_unit_scores_check_references_update" AFTER UPDATE ON "rated_unit_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION rated_unit_scores_check_references();

-- judge_scores' own check looks each distinct judge up once (a batch names one judge; the
-- anti-join over every row was planned as a nested loop over judges).
CREATE OR REPLACE FUNCTION "judge_scores_check_references"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7270736902);
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM turns t WHERE t.id IN (SELECT turn_id FROM new_scores) FOR KEY SHARE OF t;
    PERFORM 1 FROM judges j WHERE j.id IN (SELECT judge_id FROM new_scores) FOR KEY SHARE OF j;
  END IF;
  SELECT n.turn_id INTO missing FROM new_scores n WHERE NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = n.turn_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "judge_scores" violates foreign key constraint "judge_scores_turn_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (turn_id)=(%s) is not present in table "turns".', missing),
        TABLE = 'judge_scores', CONSTRAINT = 'judge_scores_turn_id_fkey';
  END IF;
  SELECT n.judge_id INTO missing FROM (SELECT DISTINCT judge_id FROM new_scores) n WHERE NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = n.judge_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "judge_scores" violates foreign key constraint "judge_scores_judge_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (judge_id)=(%s) is not present in table "judges".', missing),
        TABLE = 'judge_scores', CONSTRAINT = 'judge_scores_judge_id_fkey';
  END IF;
  RETURN NULL;
END
$$;

-- ON DELETE CASCADE, set-based, beside the turns' and judges' judge scores (whose own delete
-- trigger removes the rated copies too; this also takes any row whose judge score was gone).
CREATE OR REPLACE FUNCTION "turns_delete_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_judge_score_references();
  DELETE FROM judge_scores js WHERE js.turn_id IN (SELECT id FROM old_turns);
  DELETE FROM rated_unit_scores sc WHERE sc.turn_id IN (SELECT id FROM old_turns);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "judges_delete_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_judge_score_references();
  DELETE FROM judge_scores js WHERE js.judge_id IN (SELECT id FROM old_judges);
  DELETE FROM rated_unit_scores sc WHERE sc.judge_id IN (SELECT id FROM old_judges);
  RETURN NULL;
END
$$;

-- TRUNCATE … CASCADE truncated rated_unit_scores through the foreign keys; now the trigger does.
CREATE OR REPLACE FUNCTION "truncate_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE judge_scores, rated_unit_scores;
  RETURN NULL;
END
$$;

-- Rows whose turn or judge is gone cannot exist (the foreign keys held until now); checked
-- anyway, so the migration fails rather than start from a broken state.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM rated_unit_scores sc WHERE NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = sc.turn_id)
             OR NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = sc.judge_id)) THEN
    RAISE EXCEPTION 'rated_unit_scores holds scores of missing turns or judges';
  END IF;
END
$$;
