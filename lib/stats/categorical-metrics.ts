// Agreement of a judge with human labels over unordered classes, as scikit-learn reports
// it: accuracy, F1 (macro, micro, weighted), per-class scores, Cohen's κ and the confusion
// matrix. Labels are strings, compared exactly.
import { classScores, macroF1, microF1, weightedF1, type ClassScore } from "./class-scores.ts";
import { kappaFromCounts } from "./kappa-from-counts.ts";
import { encodePairedLabels } from "./label-codes.ts";

export type CategoricalMetrics = {
  n: number;
  /** the union of both sides' labels, by code point (scikit-learn's unique_labels) */
  labels: string[];
  /** matrix[i][j] = #{human = labels[i], judge = labels[j]} (confusion_matrix(y_true=human, …)) */
  matrix: number[][];
  accuracy: number | null;
  macroF1: number | null;
  microF1: number | null;
  weightedF1: number | null;
  /** unweighted Cohen's κ; null when chance disagreement is 0 (one class on both sides) */
  kappa: number | null;
  perClass: ClassScore[];
};

/**
 * Metrics of paired labels (human[t], judge[t]), each from the confusion counts O over the
 * sorted union of labels, as scikit-learn 1.2 with zero_division=0:
 *   accuracy = Σ O_cc / n                                   (accuracy_score)
 *   precision_c = O_cc / O_·c, recall_c = O_cc / O_c·, F1_c = 2PR/(P+R), 0 on 0/0
 *   macro F1 = mean_c F1_c, weighted F1 = Σ_c O_c· F1_c / n, micro F1 from Σ_c O_cc, n, n
 *                                            (precision_recall_fscore_support)
 *   κ = 1 − Σ_{i≠j} O_ij / Σ_{i≠j} O_i· O_·j / n    (cohen_kappa_score; see kappaFromCounts)
 * A class only one side uses is a class like any other: it enters every macro average
 * with its 0s. Everything but `labels`, `matrix` and `perClass` is null when n = 0.
 */
export function categoricalMetrics(human: readonly string[], judge: readonly string[]): CategoricalMetrics {
  const codes = encodePairedLabels(human, judge);
  const k = codes.labels.length;
  const counts = new Float64Array(k * k);
  for (let t = 0; t < codes.human.length; t++) counts[codes.human[t] * k + codes.judge[t]]++;
  const matrix = Array.from({ length: k }, (_, i) => Array.from(counts.subarray(i * k, (i + 1) * k)));
  return categoricalFromConfusion(codes.labels, matrix);
}

/** The same metrics from a confusion matrix over `labels` (rows human, columns judge). */
export function categoricalFromConfusion(labels: readonly string[], matrix: readonly (readonly number[])[]): CategoricalMetrics {
  const k = labels.length;
  const diagonal = new Float64Array(k);
  const actual = new Float64Array(k);
  const predicted = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    diagonal[i] = matrix[i][i];
    for (let j = 0; j < k; j++) {
      actual[i] += matrix[i][j];
      predicted[j] += matrix[i][j];
    }
  }
  const n = actual.reduce((s, v) => s + v, 0);
  const correct = diagonal.reduce((s, v) => s + v, 0);
  const perClass = classScores(labels, diagonal, predicted, actual);
  const copy = matrix.map((row) => [...row]);
  if (n === 0) {
    const none = { accuracy: null, macroF1: null, microF1: null, weightedF1: null, kappa: null };
    return { n, labels: [...labels], matrix: copy, ...none, perClass };
  }
  return {
    n,
    labels: [...labels],
    matrix: copy,
    accuracy: correct / n,
    macroF1: macroF1(perClass),
    microF1: microF1(correct, n, n),
    weightedF1: weightedF1(perClass),
    kappa: kappaFromCounts(n, correct, actual, predicted),
    perClass,
  };
}
