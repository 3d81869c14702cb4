-- The agreement report reads a judge's scores of the rated turns in turn order (issue 20).
-- With the score in the index that read never visits the table: an index-only scan instead
-- of 100,000 heap fetches at a million turns. An index only (INCLUDE is not expressed in
-- schema.prisma, like turns_agreement_idx).
CREATE INDEX IF NOT EXISTS "rated_unit_scores_judge_id_turn_id_score_idx"
  ON "rated_unit_scores" ("judge_id", "turn_id") INCLUDE ("score");
