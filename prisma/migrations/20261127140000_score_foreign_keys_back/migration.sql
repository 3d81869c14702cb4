-- judge_scores and rated_unit_scores get their foreign keys back. Migrations
-- "judge_scores_set_based_references" and "rated_unit_scores_set_based_references" had
-- replaced them with statement triggers and one advisory lock: a score writer took it shared,
-- a delete of turns or judges exclusively, in an AFTER trigger, i.e. after the delete (and
-- its cascades into queue_items, ratings, …) had locked rows. A writer holding the shared
-- lock that then touched one of those rows, and the delete waiting for the exclusive lock,
-- waited for each other: PostgreSQL broke the cycle with "deadlock detected", which failed
-- an import that replaced sessions while a recompute or a rating ran (display-judge.int.test.ts
-- "under concurrent writers", 3 runs in 14). Foreign keys lock the referenced rows instead,
-- so a delete waits only for writers of its own turns. A recompute batch costs about 1 s of
-- PostgreSQL CPU more per 100,000 turns.
DROP TRIGGER "judge_scores_check_references_insert" ON "judge_scores";
DROP TRIGGER "judge_scores_check_references_update" ON "judge_scores";
DROP TRIGGER "rated_unit_scores_check_references_insert" ON "rated_unit_scores";
DROP TRIGGER "rated_unit_scores_check_references_update" ON "rated_unit_scores";
DROP TRIGGER "turns_delete_judge_scores" ON "turns";
DROP TRIGGER "judges_delete_judge_scores" ON "judges";
DROP TRIGGER "turns_truncate_judge_scores" ON "turns";
DROP TRIGGER "judges_truncate_judge_scores" ON "judges";
DROP TRIGGER "turns_refuse_id_change" ON "turns";
DROP TRIGGER "judges_refuse_id_change" ON "judges";
DROP FUNCTION "judge_scores_check_references"();
DROP FUNCTION "rated_unit_scores_check_references"();
DROP FUNCTION "turns_delete_judge_scores"();
DROP FUNCTION "judges_delete_judge_scores"();
DROP FUNCTION "truncate_judge_scores"();
DROP FUNCTION "refuse_id_change"();
DROP FUNCTION "lock_judge_score_references"();

ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "rated_unit_scores" ADD CONSTRAINT "rated_unit_scores_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "rated_unit_scores" ADD CONSTRAINT "rated_unit_scores_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
