import "server-only";
import type { JobContext } from "./job-types";

export type JobItemsOptions<T> = {
  concurrency: number;
  context: JobContext;
  process: (item: T) => Promise<void>;
  /** Records a failed item; the others go on. */
  onFailure: (item: T, error: unknown) => Promise<void>;
  /** An error that fails the whole job (no later item could succeed). */
  isFatal?: (error: unknown) => boolean;
};

/**
 * Works through a job's items with `concurrency` lanes. Stops taking items when the worker
 * is stopping ("interrupted"), at once when the job's signal aborts, and rethrows the
 * first fatal error after the lanes have settled.
 */
export async function runJobItems<T>(items: readonly T[], options: JobItemsOptions<T>): Promise<"done" | "interrupted"> {
  const { context } = options;
  let next = 0;
  let settled = 0;
  let fatal: { error: unknown } | null = null;
  const shouldStop = () => fatal !== null || context.signal.aborted || context.isStopping();

  async function lane(): Promise<void> {
    while (next < items.length && !shouldStop()) {
      const item = items[next++];
      try {
        await options.process(item);
      } catch (error) {
        if (context.signal.aborted) return;
        if (options.isFatal?.(error)) {
          fatal ??= { error };
          return;
        }
        await options.onFailure(item, error);
      }
      settled += 1;
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, lane));
  if (fatal) throw (fatal as { error: unknown }).error;
  return settled === items.length ? "done" : "interrupted";
}
