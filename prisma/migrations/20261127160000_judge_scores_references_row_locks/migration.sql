-- judge_scores' references to turns and judges, kept by statement triggers that take the same
-- row locks a foreign key takes, once per statement instead of once per score.
--
-- Why: a foreign key runs one query per inserted score per reference (an SPI call, an index
-- probe and a FOR KEY SHARE lock each). Two writers of one judge's scores (a recompute writes
-- two batches at once) also share its judges row, so each check walked a MultiXact. At a
-- million turns the two checks were 12 µs of a recompute's ~33 µs of PostgreSQL CPU per score.
--
-- How, and why it holds:
--   - after a statement writes scores (a trigger named to fire before the others, as the
--     foreign keys' row triggers did), one query locks every turn and judge it names FOR KEY
--     SHARE, in id order, and a second (a new statement, so a new snapshot in READ COMMITTED)
--     checks that they all exist;
--   - a turn inserted by the writer's own transaction is not locked: no other transaction can
--     see it, let alone delete it, before the writer commits (an import writes turns and their
--     scores together);
--   - deleting turns or judges deletes their scores in an AFTER statement trigger, with a
--     fresh snapshot. A delete of a turn the writer has locked waits for the writer to commit,
--     so it then sees and deletes the writer's scores; a delete that came first makes the
--     writer's lock wait, find the row gone and fail with the foreign key's error.
--   - the locks are those of the foreign key, held for the same span, so a deadlock possible
--     now was possible before (unlike the advisory lock that migration
--     "judge_scores_set_based_references" used, see "score_foreign_keys_back");
--   - a deleter must run in READ COMMITTED (all of Concord does), since a delete under an older
--     snapshot could miss scores committed meanwhile; it is refused otherwise. A writer in
--     REPEATABLE READ is covered by its locks, which fail on a concurrently deleted turn.
ALTER TABLE "judge_scores" DROP CONSTRAINT "judge_scores_turn_id_fkey";
ALTER TABLE "judge_scores" DROP CONSTRAINT "judge_scores_judge_id_fkey";

-- Locks the turns and judges named (the turns the caller's transaction did not insert), then
-- checks, in a new statement, that they all exist.
CREATE FUNCTION "judge_scores_lock_references"(p_turn_ids integer[], p_judge_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  PERFORM 1 FROM turns t WHERE t.id = ANY(p_turn_ids) AND t.xmin <> pg_current_xact_id()::xid ORDER BY t.id FOR KEY SHARE OF t;
  PERFORM 1 FROM judges j WHERE j.id = ANY(p_judge_ids) ORDER BY j.id FOR KEY SHARE OF j;
  SELECT n.id INTO missing FROM unnest(p_turn_ids) AS n(id) WHERE NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = n.id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "judge_scores" violates foreign key constraint "judge_scores_turn_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (turn_id)=(%s) is not present in table "turns".', missing),
        TABLE = 'judge_scores', CONSTRAINT = 'judge_scores_turn_id_fkey';
  END IF;
  SELECT n.id INTO missing FROM unnest(p_judge_ids) AS n(id) WHERE NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = n.id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "judge_scores" violates foreign key constraint "judge_scores_judge_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (judge_id)=(%s) is not present in table "judges".', missing),
        TABLE = 'judge_scores', CONSTRAINT = 'judge_scores_judge_id_fkey';
  END IF;
END
$$;

CREATE FUNCTION "judge_scores_references_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM judge_scores_lock_references(ARRAY(SELECT DISTINCT turn_id FROM new_scores), ARRAY(SELECT DISTINCT judge_id FROM new_scores));
  RETURN NULL;
END
$$;

-- An update checks only the rows whose turn or judge changed, as a foreign key does.
CREATE FUNCTION "judge_scores_references_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  turn_ids integer[];
  judge_ids integer[];
BEGIN
  SELECT array_agg(DISTINCT m.turn_id), array_agg(DISTINCT m.judge_id) INTO turn_ids, judge_ids
  FROM (SELECT turn_id, judge_id FROM new_scores EXCEPT SELECT turn_id, judge_id FROM old_scores) m;
  IF turn_ids IS NOT NULL THEN PERFORM judge_scores_lock_references(turn_ids, judge_ids); END IF;
  RETURN NULL;
END
$$;

-- "0" sorts before the letters: statement triggers on a table fire in name order.
CREATE TRIGGER "judge_scores_0_references_insert" AFTER INSERT ON "judge_scores"
  REFERENCING NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_references_insert();
CREATE TRIGGER "judge_scores_0_references_update" AFTER UPDATE ON "judge_scores"
  REFERENCING OLD TABLE AS old_scores NEW TABLE AS new_scores FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_references_update();

CREATE FUNCTION "judge_scores_refuse_stale_delete"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'turns and judges are deleted in READ COMMITTED transactions only (their scores are deleted by a trigger that must see scores committed meanwhile)'
      USING ERRCODE = 'feature_not_supported';
  END IF;
END
$$;

-- ON DELETE CASCADE. Named to fire before turns' other delete triggers, so session
-- aggregates are refreshed without these scores.
CREATE FUNCTION "turns_0_delete_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM judge_scores_refuse_stale_delete();
  DELETE FROM judge_scores js WHERE js.turn_id IN (SELECT id FROM old_turns);
  RETURN NULL;
END
$$;
CREATE TRIGGER "turns_0_delete_judge_scores" AFTER DELETE ON "turns"
  REFERENCING OLD TABLE AS old_turns FOR EACH STATEMENT EXECUTE FUNCTION turns_0_delete_judge_scores();

CREATE FUNCTION "judges_0_delete_judge_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM judge_scores_refuse_stale_delete();
  DELETE FROM judge_scores js WHERE js.judge_id IN (SELECT id FROM old_judges);
  RETURN NULL;
END
$$;
CREATE TRIGGER "judges_0_delete_judge_scores" AFTER DELETE ON "judges"
  REFERENCING OLD TABLE AS old_judges FOR EACH STATEMENT EXECUTE FUNCTION judges_0_delete_judge_scores();

-- TRUNCATE … CASCADE truncated judge_scores through the foreign keys; now a trigger does.
CREATE FUNCTION "judge_scores_truncate_with"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE judge_scores;
  RETURN NULL;
END
$$;
CREATE TRIGGER "turns_0_truncate_judge_scores" AFTER TRUNCATE ON "turns" FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_truncate_with();
CREATE TRIGGER "judges_0_truncate_judge_scores" AFTER TRUNCATE ON "judges" FOR EACH STATEMENT EXECUTE FUNCTION judge_scores_truncate_with();

-- ON UPDATE CASCADE had nothing to do: turn and judge ids never change. Refuse a change
-- rather than leave scores behind.
CREATE FUNCTION "judge_scores_refuse_id_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.id never changes (judge_scores refer to it)', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
END
$$;
CREATE TRIGGER "turns_0_refuse_id_change" BEFORE UPDATE OF id ON "turns"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION judge_scores_refuse_id_change();
CREATE TRIGGER "judges_0_refuse_id_change" BEFORE UPDATE OF id ON "judges"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION judge_scores_refuse_id_change();
