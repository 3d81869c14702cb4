import "server-only";
import { defaultJobHandlers } from "./job-handlers";
import { startJobWorker, type JobWorker } from "./job-worker";

// On globalThis: scripts/start.mjs, which serves Next.js in this process, stops this worker
// first on SIGTERM, before requests drain and the database stops.
const holder = globalThis as unknown as { concordJobWorker?: JobWorker };

/**
 * Starts this server's job worker once (instrumentation.ts calls it at start-up), unless
 * CONCORD_WORKER=off — e.g. on web instances when dedicated workers run the jobs.
 */
export function startServerJobWorker(env: Readonly<Record<string, string | undefined>> = process.env): JobWorker | null {
  if (env.CONCORD_WORKER === "off") return null;
  if (!env.DATABASE_URL) {
    console.warn("[jobs] DATABASE_URL is not set: the job worker does not start");
    return null;
  }
  holder.concordJobWorker ??= startJobWorker({ handlers: defaultJobHandlers() });
  return holder.concordJobWorker;
}

/** Tells this server's worker, if it runs one, to look for work now (a run was just started). */
export function wakeServerJobWorker(): void {
  holder.concordJobWorker?.wake();
}
