import type { ResolvedScope } from "./resolved-scope";
import type { TaskCriterion } from "./task-data";
import type { TaskFigures } from "./task-figures";

/**
 * What `GET /api/v1/agreement/task` returns and /agreement's "Metrics for this criterion's
 * type" section reads. `criterion` and `figures` are null when the scope names no
 * criterion, or one that is ordinal or has no declared type (the level-based report covers those).
 */
export type TaskReport = {
  /** The scope the figures are for; without a judge in the request, the judge that answered most of the criterion's rated turns. */
  scope: ResolvedScope;
  criterion: TaskCriterion | null;
  figures: TaskFigures | null;
};
