import "server-only";
import type { JudgeRef } from "@/lib/sessions/session-detail";
import { getDb } from "../db";

/**
 * Every judge that scored a turn of the session, lowest id first, with how many turns it
 * scored: read from session_scores (kept by triggers), not counted over the turns.
 */
export async function findSessionJudges(sessionId: number): Promise<Array<JudgeRef & { scoredTurns: number }>> {
  return getDb().$queryRaw<Array<JudgeRef & { scoredTurns: number }>>`
    SELECT j.id, j.name, j.version, j.kind::text AS kind, ss.scored_turn_count AS "scoredTurns"
    FROM session_scores ss JOIN judges j ON j.id = ss.judge_id
    WHERE ss.session_id = ${sessionId}::int
    ORDER BY j.id`;
}
