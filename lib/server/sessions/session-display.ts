import "server-only";
import { getDb } from "../db";

// The display judge: whose session scores the sessions list shows when no judge is chosen
// (session_display, one row). session_scores.is_shown marks each session's shown row under
// it, so the list sorts and filters by plain indexed rows (migration "session_aggregates").

/** The stored display judge; null = each session's first judge. */
export async function findDisplayJudgeId(): Promise<number | null> {
  const rows = await getDb().$queryRaw<Array<{ judge_id: number | null }>>`SELECT judge_id FROM session_display`;
  return rows[0]?.judge_id ?? null;
}

/**
 * Makes `judgeId` (the active thresholds' scoring judge) the display judge, re-marking every
 * session's shown row when it changes (one pass over session_scores: 60–100 ms for 100,000
 * sessions in bench/browse). Returns false, changing nothing, while an import or another change holds
 * the lock: lists stay correct meanwhile (findSessionPageIds works the choice out itself),
 * and the next call tries again.
 */
export async function ensureDisplayJudge(judgeId: number | null): Promise<boolean> {
  if ((await findDisplayJudgeId()) === judgeId) return true;
  return getDb().$transaction(
    async (tx) => {
      const [{ locked }] = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT pg_try_advisory_xact_lock(7270736901) AS locked`;
      if (!locked) return false;
      await tx.$queryRaw`SELECT set_session_display_judge(${judgeId}::int)`;
      return true;
    },
    { timeout: 10 * 60_000, maxWait: 10_000 },
  );
}
