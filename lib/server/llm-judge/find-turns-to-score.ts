import "server-only";
import { Prisma } from "@/prisma/generated/client";
import { JOB_KIND, type RunScope } from "@/lib/llm-judge/run.schema";
import { getDb } from "../db";

export function scopeCondition(scope: RunScope, alias: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  if (scope.kind === "session") return Prisma.sql`${column("session_id")} = ${scope.sessionId}`;
  if (scope.kind === "persona") return Prisma.sql`${column("persona_id")} = ${scope.personaId}`;
  return Prisma.sql`TRUE`;
}

/**
 * Turns in scope that this judge has not answered (no score, no label) and no active run
 * of it is about to score, at most `limit`. Turns with human ratings come first: they are the ones the
 * agreement report can compare.
 */
export async function findTurnsToScore(scope: RunScope, judgeId: number, limit: number): Promise<number[]> {
  const rows = await getDb().$queryRaw<Array<{ id: number }>>`
    SELECT t.id FROM turns t
    WHERE ${scopeCondition(scope, "t")}
      AND NOT EXISTS (SELECT 1 FROM judge_scores s WHERE s.turn_id = t.id AND s.judge_id = ${judgeId})
      AND NOT EXISTS (SELECT 1 FROM judge_labels l WHERE l.turn_id = t.id AND l.judge_id = ${judgeId})
      AND NOT EXISTS (
        SELECT 1 FROM jobs j
        WHERE j.kind = ${JOB_KIND.direct} AND j.status IN ('pending', 'running')
          AND (j.payload->>'judgeId')::int = ${judgeId} AND j.payload->'turnIds' @> to_jsonb(t.id))
    ORDER BY EXISTS (SELECT 1 FROM ratings r WHERE r.turn_id = t.id) DESC, t.session_id, t.ordinal
    LIMIT ${limit}`;
  return rows.map((row) => row.id);
}
