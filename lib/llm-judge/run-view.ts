import type { ItemFailure, JudgeTask } from "./run.schema";

/** The jobs table's statuses (job_status). */
export const RUN_STATUSES = ["pending", "running", "done", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run as the runs page shows it and GET /api/jobs returns it (dates as ISO strings). */
export type RunFailure = ItemFailure & { replies?: string[] };

export type RunView = {
  id: number;
  task: JudgeTask | null;
  label: string;
  status: RunStatus;
  total: number;
  completed: number;
  failed: number;
  /** Tokens of every call the run made (failed items included), from the replies' `usage`. */
  tokens: { input: number; output: number };
  /** tokens × the endpoint's prices per 1M tokens; null when the endpoint has no prices. */
  cost: number | null;
  /** Of the failed items, those whose output the schema could not parse (after the retry). */
  unparseable: number;
  attempts: number;
  lastError: string | null;
  /** The first failed items, with their errors; an unparseable one with the model's replies. */
  failures: RunFailure[];
  endpointName: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

export function isActiveRun(run: Pick<RunView, "status">): boolean {
  return run.status === "pending" || run.status === "running";
}

/** A run's progress in words: "4 of 10 done, 3 failed (2 unparseable)". */
export function describeProgress(run: Pick<RunView, "completed" | "total" | "failed" | "unparseable">): string {
  const unparseable = run.unparseable ? ` (${run.unparseable} unparseable)` : "";
  return `${run.completed} of ${run.total} done${run.failed ? `, ${run.failed} failed${unparseable}` : ""}`;
}
