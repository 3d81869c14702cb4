import { kendallTauB, pearsonCorrelation, spearmanCorrelation, type CorrelationResult } from "@/lib/stats";
import { binaryMetrics, type BinaryMetrics } from "@/lib/stats/binary-metrics";
import { brierScore, expectedCalibrationError, reliabilityBins, type CalibrationBin } from "@/lib/stats/calibration-error";
import { categoricalMetrics, type CategoricalMetrics } from "@/lib/stats/categorical-metrics";
import { intraclassCorrelation, type IccResult } from "@/lib/stats/intraclass-correlation";
import { multilabelMetrics, type MultilabelMetrics } from "@/lib/stats/multilabel-metrics";
import { concordanceCorrelation, meanAbsoluteError, rootMeanSquaredError } from "@/lib/stats/numeric-agreement";
import type { TaskCriterion, TaskData, TaskValue } from "./task-data";
import { humanAgreement, type HumanAgreement } from "./task-human-agreement";
import { humanValues, labelOrder, ratingsByUnit } from "./task-human-label";

// The figures of a binary, categorical, multi-label or numeric criterion: the judge against
// the human answer of each unit (task-human-label.ts), the humans among themselves, and the
// judge's confidence against whether it was right.

export type Confusion = { labels: string[]; matrix: number[][] };

export type JudgeFigures =
  | { type: "binary"; positive: string; negative: string; metrics: BinaryMetrics; confusion: Confusion }
  | { type: "categorical"; metrics: CategoricalMetrics }
  | { type: "multilabel"; metrics: MultilabelMetrics }
  | {
      type: "numeric";
      pearson: CorrelationResult;
      spearman: CorrelationResult;
      kendall: CorrelationResult;
      mae: number | null;
      rmse: number | null;
      ccc: number | null;
      /** the judge and the raters' mean as the two raters */
      icc: IccResult;
    };

export type CalibrationFigures = {
  /** units where the judge gave a confidence */
  n: number;
  /** expected calibration error over 10 equal-width bins */
  ece: number | null;
  brier: number | null;
  bins: CalibrationBin[];
};

export type TaskFigures = {
  /** units: turns the judge answered and at least one person rated */
  n: number;
  nRatings: number;
  nRaters: number;
  judge: JudgeFigures;
  humans: HumanAgreement;
  /** null when the judge gave no confidence on any unit (or the criterion is numeric) */
  calibration: CalibrationFigures | null;
};

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((label) => y.has(label));
}

/** Whether the judge's answer is the human one: the same label, or exactly the same label set. */
export function isJudgeCorrect(judge: TaskValue, human: TaskValue): boolean {
  if (Array.isArray(judge) && Array.isArray(human)) return sameSet(judge, human);
  return judge === human;
}

function calibration(judge: readonly TaskValue[], given: readonly (number | null)[], human: readonly TaskValue[]): CalibrationFigures | null {
  const confidence: number[] = [];
  const correct: boolean[] = [];
  given.forEach((c, i) => {
    if (c === null) return;
    confidence.push(c);
    correct.push(isJudgeCorrect(judge[i], human[i]));
  });
  if (confidence.length === 0) return null;
  return {
    n: confidence.length,
    ece: expectedCalibrationError(confidence, correct),
    brier: brierScore(confidence, correct),
    bins: reliabilityBins(confidence, correct),
  };
}

/** Puts a confusion matrix's labels in the criterion's order (rows and columns alike). */
function reorder(metrics: CategoricalMetrics, order: (a: string, b: string) => number): CategoricalMetrics {
  const positions = metrics.labels.map((_, i) => i).sort((i, j) => order(metrics.labels[i], metrics.labels[j]));
  return {
    ...metrics,
    labels: positions.map((i) => metrics.labels[i]),
    matrix: positions.map((i) => positions.map((j) => metrics.matrix[i][j])),
    perClass: positions.map((i) => metrics.perClass[i]),
  };
}

/** The judge against the human answer of each unit (the arrays paired by position). */
export function judgeFigures(criterion: TaskCriterion, human: TaskValue[], judge: TaskValue[]): JudgeFigures {
  const order = labelOrder(criterion.labels);
  switch (criterion.type) {
    case "binary": {
      const positive = criterion.positive ?? criterion.labels.at(-1) ?? "";
      const negative = criterion.labels.find((label) => label !== positive) ?? `not ${positive}`;
      const metrics = binaryMetrics(human as string[], judge as string[], positive);
      const confusion = { labels: [negative, positive], matrix: [[metrics.tn, metrics.fp], [metrics.fn, metrics.tp]] };
      return { type: "binary", positive, negative, metrics, confusion };
    }
    case "categorical":
      return { type: "categorical", metrics: reorder(categoricalMetrics(human as string[], judge as string[]), order) };
    case "multilabel": {
      const metrics = multilabelMetrics(human as string[][], judge as string[][]);
      return { type: "multilabel", metrics: { ...metrics, labels: [...metrics.labels].sort(order), perLabel: [...metrics.perLabel].sort((a, b) => order(a.label, b.label)) } };
    }
    case "numeric": {
      const x = human as number[];
      const y = judge as number[];
      return {
        type: "numeric",
        pearson: pearsonCorrelation(x, y),
        spearman: spearmanCorrelation(x, y),
        kendall: kendallTauB(x, y),
        mae: meanAbsoluteError(x, y),
        rmse: rootMeanSquaredError(x, y),
        ccc: concordanceCorrelation(x, y),
        icc: intraclassCorrelation([x, y]),
      };
    }
  }
}

/**
 * Every figure of a non-ordinal criterion from its units and ratings. Units without a
 * rating are left out. The label lists (per-class rows, confusion matrices) follow the
 * criterion's order, labels it does not list after them.
 */
export function buildTaskFigures(criterion: TaskCriterion, input: TaskData): TaskFigures {
  const grouped = ratingsByUnit(input);
  const keep = grouped.map((values, i) => (values.length > 0 ? i : -1)).filter((i) => i >= 0);
  const ratings = keep.map((i) => grouped[i]);
  const judgeValues = keep.map((i) => input.units.judge[i]);
  const human = humanValues(criterion, ratings) as TaskValue[];
  // Multi-label agreement among people is per label, over every label a rater chose.
  const ratedLabels = criterion.type === "multilabel" ? [...new Set((ratings as string[][][]).flat(2))].sort(labelOrder(criterion.labels)) : [];
  return {
    n: keep.length,
    nRatings: ratings.reduce((sum, values) => sum + values.length, 0),
    nRaters: new Set(input.ratings.rater).size,
    judge: judgeFigures(criterion, human, judgeValues),
    humans: humanAgreement(criterion, ratings, ratedLabels),
    calibration: criterion.type === "numeric" ? null : calibration(judgeValues, keep.map((i) => input.units.confidence[i]), human),
  };
}
