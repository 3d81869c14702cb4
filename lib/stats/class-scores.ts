// Precision, recall and F1 of each class from its counts, and their averages, exactly as
// scikit-learn's precision_recall_fscore_support with zero_division=0.

/** One class (or label) of a report; `support` counts the human (true) side. */
export type ClassScore = { label: string; precision: number; recall: number; f1: number; support: number };

/** x / y, or 0 when y = 0 (scikit-learn's zero_division=0). */
export function divideOrZero(x: number, y: number): number {
  return y === 0 ? 0 : x / y;
}

/**
 * F1 from precision P and recall R as scikit-learn computes it, 2PR / (P + R), and 0 when
 * P + R = 0. (It is not 2tp / (2tp + fp + fn) to the last bit: scikit-learn's micro F1 on
 * a 0.8 accuracy is 0.8000000000000002.)
 */
export function fScore(precision: number, recall: number): number {
  const denominator = precision + recall;
  return (2 * precision * recall) / (denominator === 0 ? 1 : denominator);
}

/**
 * Per-class scores from true positives tp_c, predicted counts p_c (judge) and true counts
 * s_c (human): precision tp/p, recall tp/s, F1 = fScore; a 0/0 is 0 (zero_division=0).
 */
export function classScores(
  labels: readonly string[],
  truePositives: ArrayLike<number>,
  predicted: ArrayLike<number>,
  actual: ArrayLike<number>,
): ClassScore[] {
  return labels.map((label, c) => {
    const precision = divideOrZero(truePositives[c], predicted[c]);
    const recall = divideOrZero(truePositives[c], actual[c]);
    return { label, precision, recall, f1: fScore(precision, recall), support: actual[c] };
  });
}

/** Unweighted mean of the classes' F1 (average="macro"); null with no class. */
export function macroF1(scores: readonly ClassScore[]): number | null {
  if (scores.length === 0) return null;
  let sum = 0;
  for (const s of scores) sum += s.f1;
  return sum / scores.length;
}

/**
 * Mean of the classes' F1 weighted by support (average="weighted"); 0 when no class has
 * support, scikit-learn's answer with zero_division=0; null with no class.
 */
export function weightedF1(scores: readonly ClassScore[]): number | null {
  if (scores.length === 0) return null;
  let sum = 0;
  let weight = 0;
  for (const s of scores) {
    sum += s.f1 * s.support;
    weight += s.support;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** F1 of the pooled counts Σtp, Σp, Σs (average="micro"). */
export function microF1(truePositives: number, predicted: number, actual: number): number {
  return fScore(divideOrZero(truePositives, predicted), divideOrZero(truePositives, actual));
}
