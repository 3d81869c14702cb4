import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ClaimedJob, JobContext } from "./job-types";
import { setJobCompleted } from "./set-job-completed";

/** Progress reaches the database at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * Runs a job's work as a generator of slices (the bootstraps' replicates), giving the event
 * loop back between slices so the server keeps answering, with the count done written at most
 * every 500 ms. At the end `store` keeps the result and the job counts `total` done; a
 * stopping worker or a lost lease ends it early as "interrupted" (the next worker starts it over).
 */
export async function runJobSteps<Result>(
  job: ClaimedJob,
  context: JobContext,
  steps: Generator<{ done: number }, Result>,
  total: number,
  store: (result: Result) => Promise<void>,
): Promise<"done" | "interrupted"> {
  let lastWrite = Date.now();
  for (;;) {
    if (context.signal.aborted || context.isStopping()) return "interrupted";
    const next = steps.next();
    if (next.done) {
      await store(next.value);
      await setJobCompleted(job.id, total);
      return "done";
    }
    if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
      lastWrite = Date.now();
      await setJobCompleted(job.id, next.value.done);
    }
    await nextTurn();
  }
}
