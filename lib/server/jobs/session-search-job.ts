import "server-only";
import { z } from "zod";
import { getDb } from "../db";
import type { JobHandler } from "./job-types";
import { setJobCompleted } from "./set-job-completed";

/** Sessions per transaction: about 10,000 turns of text at 100 turns a session. */
const SESSIONS_PER_BATCH = 100;

const payloadSchema = z.object({ sessionIds: z.array(z.number().int()) });

/**
 * Builds the sessions' search documents, which an import left pending (migration
 * "deferred_session_search"), a batch of sessions per transaction. Idempotent: a session
 * already built (by an earlier attempt, or rebuilt by a later write) is skipped, so a job
 * resumed after a crash starts again from the first batch at little cost.
 */
export const runSessionSearchJob: JobHandler = async (job, context) => {
  const { sessionIds } = payloadSchema.parse(job.payload);
  for (let at = 0; at < sessionIds.length; at += SESSIONS_PER_BATCH) {
    if (context.isStopping()) return "interrupted";
    context.signal.throwIfAborted();
    await buildSessionSearch(sessionIds.slice(at, at + SESSIONS_PER_BATCH));
    await setJobCompleted(job.id, Math.min(sessionIds.length, at + SESSIONS_PER_BATCH));
  }
  return "done";
};

/** Builds the pending documents of these sessions; returns how many were built. */
export async function buildSessionSearch(sessionIds: readonly number[]): Promise<number> {
  const [row] = await getDb().$queryRaw<Array<{ built: number }>>`SELECT refresh_session_search(${[...sessionIds]}::int[]) AS built`;
  return row.built;
}
