import type { ItemFailure, JudgeTask } from "./run.schema";

/** The jobs table's statuses (job_status). */
export const RUN_STATUSES = ["pending", "running", "done", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run as the runs page shows it and GET /api/jobs returns it (dates as ISO strings). */
export type RunView = {
  id: number;
  task: JudgeTask | null;
  label: string;
  status: RunStatus;
  total: number;
  completed: number;
  failed: number;
  attempts: number;
  lastError: string | null;
  /** The first failed items, with their errors. */
  failures: ItemFailure[];
  endpointName: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

export function isActiveRun(run: Pick<RunView, "status">): boolean {
  return run.status === "pending" || run.status === "running";
}
