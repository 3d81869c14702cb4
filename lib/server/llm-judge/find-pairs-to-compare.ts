import "server-only";
import { JOB_KIND, type RunScope } from "@/lib/llm-judge/run.schema";
import { getDb } from "../db";
import { scopeCondition } from "./find-turns-to-score";

/**
 * Pairs of responses to the same prompt, not yet compared by this judge nor queued in an
 * active run, at most `limit`: two turns of one session at the same depth, or the same
 * persona's turns at the same depth and step of two sessions with the same seed prompt.
 * A is the earlier turn (lower session, then lower ordinal).
 */
export async function findPairsToCompare(scope: RunScope, judgeId: number, limit: number): Promise<Array<[number, number]>> {
  const rows = await getDb().$queryRaw<Array<{ a: number; b: number }>>`
    WITH candidates AS (
      SELECT t.id, t.session_id, t.ordinal, t.depth_index, t.step_index, t.persona_id, s.seed_prompt
      FROM turns t JOIN eval_sessions s ON s.id = t.session_id
      WHERE ${scopeCondition(scope, "t")} AND t.depth_index IS NOT NULL
    ), pairs AS (
      SELECT a.id AS a, b.id AS b, a.session_id, a.ordinal, b.session_id AS b_session, b.ordinal AS b_ordinal
      FROM candidates a JOIN candidates b ON a.session_id = b.session_id AND a.depth_index = b.depth_index AND a.ordinal < b.ordinal
      UNION
      SELECT a.id, b.id, a.session_id, a.ordinal, b.session_id, b.ordinal
      FROM candidates a JOIN candidates b
        ON a.seed_prompt = b.seed_prompt AND a.persona_id = b.persona_id AND a.depth_index = b.depth_index
       AND a.step_index IS NOT DISTINCT FROM b.step_index AND a.session_id < b.session_id
    )
    SELECT p.a, p.b FROM pairs p
    WHERE NOT EXISTS (SELECT 1 FROM pairwise_comparisons c WHERE c.turn_a_id = p.a AND c.turn_b_id = p.b AND c.judge_id = ${judgeId})
      AND NOT EXISTS (
        SELECT 1 FROM jobs j
        WHERE j.kind = ${JOB_KIND.pairwise} AND j.status IN ('pending', 'running')
          AND (j.payload->>'judgeId')::int = ${judgeId} AND j.payload->'pairs' @> jsonb_build_array(jsonb_build_array(p.a, p.b)))
    ORDER BY p.session_id, p.ordinal, p.b_session, p.b_ordinal
    LIMIT ${limit}`;
  return rows.map((row) => [row.a, row.b]);
}
