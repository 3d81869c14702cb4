import "server-only";
import { getDb } from "../db";
import { rescoreQueue, startQueueRescore } from "../queue/rescore-queue";

// The display judge: whose session scores the sessions list shows when no judge is chosen,
// and whose scores order the rating queue (session_display, one row). session_scores.is_shown
// marks each session's shown row under it, so the list sorts and filters by plain indexed
// rows (migration "session_aggregates"); queue rows take its scores (migration
// "queue_scoring_judge").

type DisplayState = { judgeId: number | null; queueRescoreAfter: number | null };

async function findDisplayState(): Promise<DisplayState> {
  const rows = await getDb().$queryRaw<Array<{ judge_id: number | null; queue_rescore_after: number | null }>>`
    SELECT judge_id, queue_rescore_after FROM session_display`;
  return { judgeId: rows[0]?.judge_id ?? null, queueRescoreAfter: rows[0]?.queue_rescore_after ?? null };
}

/** The stored display judge; null = each session's first judge. */
export async function findDisplayJudgeId(): Promise<number | null> {
  return (await findDisplayState()).judgeId;
}

/**
 * Makes `judgeId` (the active thresholds' scoring judge) the display judge. When it changes,
 * every session's shown row is re-marked at once (one pass over session_scores: 60–100 ms for
 * 100,000 sessions in bench/browse) and the rating queue is rescored in batches afterwards
 * (set-based batches, migration "queue_rescore_set_based": 0.7-0.9 s of PostgreSQL CPU per
 * 100,000 queue rows, was 2.6-2.8 s): waited for, or with
 * `queue: "background"` left running (pages do not wait; the queue's order catches up), or
 * with `queue: "later"` left to the next call (a process about to exit).
 * Returns false, changing nothing, while an import or another change holds the lock: lists
 * stay correct meanwhile (findSessionPageIds works the choice out itself), and the next call
 * tries again.
 */
export async function ensureDisplayJudge(judgeId: number | null, options: { queue?: "wait" | "background" | "later" } = {}): Promise<boolean> {
  const state = await findDisplayState();
  if (state.judgeId !== judgeId) {
    const changed = await getDb().$transaction(
      async (tx) => {
        const [{ locked }] = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT pg_try_advisory_xact_lock(7270736901) AS locked`;
        if (!locked) return false;
        await tx.$queryRaw`SELECT set_session_display_judge(${judgeId}::int)`;
        return true;
      },
      { timeout: 10 * 60_000, maxWait: 10_000 },
    );
    if (!changed) return false;
  } else if (state.queueRescoreAfter === null) {
    return true;
  }
  if (options.queue === "background") startQueueRescore();
  else if (options.queue !== "later") await rescoreQueue();
  return true;
}
