// What the database hands the report of a binary, categorical, multi-label or numeric
// criterion: column-wise arrays, one entry per unit (a turn the judge answered and someone
// rated on the criterion) and one per rating, as for the level-based report.

export const TASK_TYPES = ["binary", "categorical", "multilabel", "numeric"] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export type CriterionTypeName = "ordinal" | TaskType;

/** A criterion's declared type (the criterion_types row). */
export type CriterionInfo = {
  name: string;
  type: CriterionTypeName;
  /** categorical: the ordered labels; binary: [negative, positive]; multilabel: the labels */
  labels: string[];
  /** binary: the positive label */
  positive: string | null;
  /** numeric: the scale's ends */
  min: number | null;
  max: number | null;
};

/** A criterion whose type the task report covers. */
export type TaskCriterion = CriterionInfo & { type: TaskType };

/** A label (binary, categorical), a label set (multilabel, sorted and distinct) or a number (numeric). */
export type TaskValue = string | string[] | number;

export type TaskUnits = {
  turnId: number[];
  /** the turn's session: the cluster the bootstrap resamples */
  session: number[];
  /** the judge's answer */
  judge: TaskValue[];
  /** the judge's confidence in it, 0–1, when it gave one */
  confidence: (number | null)[];
};

/** Every rating of those units: `unit` indexes TaskUnits; `rater` is a stable key. */
export type TaskRatings = { unit: number[]; rater: string[]; value: TaskValue[] };

export type TaskData = { units: TaskUnits; ratings: TaskRatings };

export function isTaskType(type: string): type is TaskType {
  return (TASK_TYPES as readonly string[]).includes(type);
}

export function emptyTaskData(): TaskData {
  return { units: { turnId: [], session: [], judge: [], confidence: [] }, ratings: { unit: [], rater: [], value: [] } };
}
