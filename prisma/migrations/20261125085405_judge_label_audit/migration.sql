-- An LLM judge's label answers keep their justification and the raw model output for audit,
-- as its scores do in judge_scores.
ALTER TABLE "judge_labels" ADD COLUMN "rationale" TEXT,
ADD COLUMN "raw_output" JSONB;
