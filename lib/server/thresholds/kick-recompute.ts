import "server-only";
import { databaseUrl } from "../db";
import { runRecomputeJobs } from "./run-recompute-jobs";

// One background runner per process and database; a kick while it runs asks for one more
// pass, so a job enqueued just as the runner found nothing left is not left waiting.
type Runner = { running: Promise<void>; isRequested: boolean };
const globalForRunners = globalThis as unknown as { concordRecomputeRunners?: Map<string, Runner> };

/**
 * Starts running waiting recompute jobs in the background of this server process and returns
 * at once (the promise settles when the runner stops; it never rejects). Safe to call often.
 */
export function kickRecompute(): Promise<void> {
  const url = databaseUrl();
  const runners = (globalForRunners.concordRecomputeRunners ??= new Map());
  const current = runners.get(url);
  if (current) {
    current.isRequested = true;
    return current.running;
  }
  const runner: Runner = { running: Promise.resolve(), isRequested: true };
  runner.running = (async () => {
    try {
      while (runner.isRequested) {
        runner.isRequested = false;
        const run = await runRecomputeJobs();
        for (const failure of run.failed) console.error(`[concord] recompute job ${failure.jobId} failed: ${failure.error}`);
      }
    } catch (error) {
      console.error("[concord] recompute runner stopped:", error);
    } finally {
      runners.delete(url);
    }
  })();
  runners.set(url, runner);
  return runner.running;
}
