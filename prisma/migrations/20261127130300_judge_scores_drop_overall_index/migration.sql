-- No query looks judge scores up by a judge's overall score (range or order): every read by
-- judge goes through (judge_id, turn_id) INCLUDE (overall_score), which covers the score as
-- well, and reads by turn through (turn_id, judge_id). The (judge_id, overall_score) index
-- was only written to: one index fewer on every score a recompute, an import or a judge run
-- writes (issue 20).
DROP INDEX "judge_scores_judge_id_overall_score_idx";
