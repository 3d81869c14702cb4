import type { ResolvedScope } from "./resolved-scope";
import type { TaskBootstrapResult } from "./task-bootstrap";
import type { TaskCriterion } from "./task-data";
import type { TaskFigures } from "./task-figures";

/** Fewer rated turns than this get no bootstrap interval: its percentiles would be a handful of distinct values. */
export const MIN_TASK_BOOTSTRAP_UNITS = 10;

/** Where the rater-aware intervals of the judge figures stand (a background job computes them). */
export type TaskIntervals =
  | { status: "ready"; result: TaskBootstrapResult; computedAt: string }
  | { status: "computing"; done: number; total: number }
  | { status: "failed"; error: string }
  | { status: "too-few"; reason: string };

/**
 * What `GET /api/v1/agreement/task` returns and /agreement's "Metrics for this criterion's
 * type" section reads. `criterion`, `figures` and `intervals` are null when the scope names
 * no criterion, or one that is ordinal or has no declared type (the level-based report
 * covers those).
 */
export type TaskReport = {
  /** The scope the figures are for; without a judge in the request, the judge that answered most of the criterion's rated turns. */
  scope: ResolvedScope;
  criterion: TaskCriterion | null;
  figures: TaskFigures | null;
  intervals: TaskIntervals | null;
};

/** The report without its intervals, as the server caches it, with the key its bootstrap job is found by. */
export type TaskReportEntry = Omit<TaskReport, "intervals"> & { bootstrapKey: string };
