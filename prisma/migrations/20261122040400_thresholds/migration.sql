-- Thresholds and weights (issue 10): scores under new weights are stored as a judge version
-- of their own, recomputed in turn order from the heuristic judge v1's metric scores.

-- Reading one judge's scores in turn order (keyset batches) and its highest turn (how far a
-- recompute has come) without scanning other judges' rows. The sessions migration creates the
-- same index (with overall_score included); this one only makes sure it exists.
CREATE INDEX IF NOT EXISTS "judge_scores_judge_id_turn_id_idx" ON "judge_scores" ("judge_id", "turn_id");

-- At most one unfinished recompute per judge version: two admins saving the same weights, or
-- two servers noticing the same new turns, enqueue it once.
CREATE UNIQUE INDEX "jobs_one_open_recompute" ON "jobs" ((("payload" ->> 'judgeId')::int))
  WHERE "kind" = 'recompute-scores' AND "status" IN ('pending', 'running');
