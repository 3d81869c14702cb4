-- A judge's single labels in turn order, read from the index alone: a panel's vote reads
-- each member's labels this way (lib/server/panels/read-member-answers.ts). Like
-- judge_scores_judge_id_turn_id_idx, an INCLUDE index Prisma's schema cannot express.
CREATE INDEX IF NOT EXISTS "judge_labels_judge_id_turn_id_idx" ON "judge_labels" ("judge_id", "turn_id") INCLUDE ("label");
