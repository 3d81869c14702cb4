-- judge_scores' references to turns and judges, kept by statement-level triggers instead of
-- foreign keys: a foreign key checks each inserted score alone (an SPI query per row) and
-- locks its turn and judge rows (FOR KEY SHARE), writing every turn tuple's xmax and WAL for
-- it; that was a third of a recompute batch. The same integrity, set-based:
--   - a statement that writes scores takes the shared lock 7270736902 and then checks, in one
--     anti-join per table, that every turn and judge it names exists;
--   - a statement that deletes turns or judges takes the same lock exclusively, so it waits
--     for every score writer in flight to commit, and then deletes their scores too, with a
--     fresh snapshot (READ COMMITTED) that sees what they committed.
-- Either the deleter's lock comes first, and the writer's check (a statement after its lock,
-- so a fresh snapshot) sees the rows gone and fails; or the writer's comes first, and the
-- deleter deletes what the writer wrote. A score can never outlive its turn or judge. A
-- writer in REPEATABLE READ or SERIALIZABLE (an old snapshot) locks the rows as a foreign
-- key does; a deleter must run in READ COMMITTED (all of Concord does) and says so otherwise.
-- The constraint names stay in the error, so callers see what they saw before.
ALTER TABLE "judge_scores" DROP CONSTRAINT "judge_scores_turn_id_fkey";
ALTER TABLE "judge_scores" DROP CONSTRAINT "judge_scores_judge_id_fkey";

CREATE FUNCTION "judge_scores_check_references"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  SELECT n.judge_id INTO missing FROM new_scores n WHERE NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = n.judge_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "judge_scores" violates foreign key constraint "judge_scores_judge_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (judge_id)=(%s) is not present in table "judges".', missing),
        TABLE = 'judge_scores', CONSTRAINT = 'judge_scores_judge_id_fkey';
  END IF;
  RETURN NULL;
END
$$;

-- Named to fire before the other statement triggers on judge_scores (they fire in name order).
CREATE TRIGGER "judge_scores_check_references_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_check_references();
CREATE TRIGGER "judge_scores_check_references_update" AFTER UPDATE ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_check_references();

CREATE FUNCTION "lock_judge_score_references"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'turns and judges are deleted in READ COMMITTED transactions only (their scores are deleted by a trigger that must see scores committed meanwhile)'
      USING ERRCODE = 'feature_not_supported';
  END IF;
  PERFORM pg_advisory_xact_lock(7270736902);
END
$$;

-- ON DELETE CASCADE, set-based. Fires before turns' other delete trigger (name order), as the
-- foreign key's row triggers did, so session aggregates are refreshed without these scores.
CREATE FUNCTION "turns_delete_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_judge_score_references();
  DELETE FROM judge_scores js WHERE js.turn_id IN (SELECT id FROM old_turns);
  RETURN NULL;
END
$$;
CREATE TRIGGER "turns_delete_judge_scores" AFTER DELETE ON "turns"
  REFERENCING OLD TABLE AS old_turns FOR EACH STATEMENT EXECUTE FUNCTION turns_delete_judge_scores();

CREATE FUNCTION "judges_delete_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_judge_score_references();
  DELETE FROM judge_scores js WHERE js.judge_id IN (SELECT id FROM old_judges);
  RETURN NULL;
END
$$;
CREATE TRIGGER "judges_delete_judge_scores" AFTER DELETE ON "judges"
  REFERENCING OLD TABLE AS old_judges FOR EACH STATEMENT EXECUTE FUNCTION judges_delete_judge_scores();

-- TRUNCATE … CASCADE truncated judge_scores through the foreign keys; now the trigger does.
CREATE FUNCTION "truncate_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE judge_scores;
  RETURN NULL;
END
$$;
CREATE TRIGGER "turns_truncate_judge_scores" AFTER TRUNCATE ON "turns" FOR EACH STATEMENT EXECUTE FUNCTION truncate_judge_scores();
CREATE TRIGGER "judges_truncate_judge_scores" AFTER TRUNCATE ON "judges" FOR EACH STATEMENT EXECUTE FUNCTION truncate_judge_scores();

-- ON UPDATE CASCADE had nothing to do: turn and judge ids never change. Refuse it, rather
-- than leave scores behind.
CREATE FUNCTION "refuse_id_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.id never changes (judge_scores refer to it)', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
END
$$;
CREATE TRIGGER "turns_refuse_id_change" BEFORE UPDATE OF id ON "turns"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_id_change();
CREATE TRIGGER "judges_refuse_id_change" BEFORE UPDATE OF id ON "judges"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_id_change();

-- Scores whose turn or judge is gone cannot exist (the foreign keys held until now); checked
-- anyway, so the migration fails rather than start from a broken state.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM judge_scores js WHERE NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = js.turn_id)
             OR NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = js.judge_id)) THEN
    RAISE EXCEPTION 'judge_scores holds scores of missing turns or judges';
  END IF;
END
$$;
