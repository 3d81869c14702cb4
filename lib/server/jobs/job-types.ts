import "server-only";

/** A job this worker holds the lease on. */
export type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  total: number;
  completed: number;
  failed: number;
  attempts: number;
  endpointId: number | null;
};

export type JobContext = {
  workerId: string;
  /** Aborted when the job must stop at once: lease lost, job cancelled, worker killed. */
  signal: AbortSignal;
  /** True once the worker is shutting down: finish the item in hand, take no new one. */
  isStopping: () => boolean;
};

/**
 * Does a job's work: "done" when every item is done or failed (per-item failures are
 * recorded by the handler with recordJobItemFailure), "interrupted" when it stopped early
 * because the worker is stopping. Throwing fails the whole job with the error's message,
 * for failures no item can escape (the endpoint refuses the key).
 */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<"done" | "interrupted">;
