-- Indexes for the agreement report (issue 9). Indexes only: no table changes. (A judge's
-- scores in turn order come from judge_scores_judge_id_turn_id_idx, made by the sessions
-- migration.)

-- Ratings grouped per turn and criterion, read from the index alone.
CREATE INDEX IF NOT EXISTS "ratings_agreement_idx"
  ON "ratings" ("turn_id", "criterion") INCLUDE ("level", "rater_id", "annotator") WHERE "level" IS NOT NULL;

-- The few turn columns the report needs, so that it never reads the wide turn rows
-- (response text, raw JSON) of the rated turns.
CREATE INDEX IF NOT EXISTS "turns_agreement_idx"
  ON "turns" ("id") INCLUDE ("session_id", "persona_id", "word_count", "occurred_at", "dimension");

-- The dimensions of generic datasets, for the scope picker (orchestrator turns have none).
CREATE INDEX IF NOT EXISTS "turns_dimension_idx" ON "turns" ("dimension") WHERE "dimension" IS NOT NULL;

-- A judge's pairwise comparisons.
CREATE INDEX IF NOT EXISTS "pairwise_comparisons_judge_id_idx" ON "pairwise_comparisons" ("judge_id");
