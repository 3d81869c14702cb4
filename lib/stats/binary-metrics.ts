// Agreement of a judge with human labels on one positive class against the rest, as
// scikit-learn reports it for 0/1 arrays (1 = the label equals `positive`).
import { divideOrZero, fScore } from "./class-scores.ts";
import { kappaFromCounts } from "./kappa-from-counts.ts";

/** Counts with the human as truth: tp = both positive, fp = judge only, fn = human only. */
export type BinaryCounts = { tp: number; fp: number; fn: number; tn: number };

export type BinaryMetrics = BinaryCounts & {
  n: number;
  accuracy: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  specificity: number | null;
  balancedAccuracy: number | null;
  mcc: number | null;
  /** unweighted Cohen's κ; null when both sides use one class only */
  kappa: number | null;
  prevalenceHuman: number | null;
  prevalenceJudge: number | null;
};

/** tp, fp, fn, tn of paired labels, a label being positive when it equals `positive`. */
export function binaryCounts(human: readonly string[], judge: readonly string[], positive: string): BinaryCounts {
  if (human.length !== judge.length) throw new RangeError(`paired arrays differ in length: ${human.length} vs ${judge.length}`);
  const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (let t = 0; t < human.length; t++) {
    const isHuman = human[t] === positive;
    const isJudge = judge[t] === positive;
    if (isHuman && isJudge) counts.tp++;
    else if (isHuman) counts.fn++;
    else if (isJudge) counts.fp++;
    else counts.tn++;
  }
  return counts;
}

export function binaryMetrics(human: readonly string[], judge: readonly string[], positive: string): BinaryMetrics {
  return binaryFromCounts(binaryCounts(human, judge, positive));
}

/**
 * From the counts, as scikit-learn 1.2 with zero_division=0 (a 0/0 ratio is 0):
 *   precision = tp/(tp+fp), recall = tp/(tp+fn), F1 = 2PR/(P+R), specificity = tn/(tn+fp)
 *   (recall of the negative class), accuracy = (tp+tn)/n, prevalences (tp+fn)/n, (tp+fp)/n;
 *   balanced accuracy = mean recall over the classes the human uses (balanced_accuracy_score
 *   drops a class with no support rather than counting it as 0);
 *   MCC = (c·n − t·p) / √((n² − p·p)(n² − t·t)) with c = tp+tn, t and p the human and judge
 *   class totals (matthews_corrcoef; Matthews 1975), and 0, as scikit-learn, when either
 *   factor is 0 (one side uses one class): MCC is undefined there, but 0 is the contract;
 *   κ as cohen_kappa_score on the 0/1 arrays (null where scikit-learn gives NaN).
 * Everything but the counts is null when n = 0.
 */
export function binaryFromCounts(counts: BinaryCounts): BinaryMetrics {
  const { tp, fp, fn, tn } = counts;
  const n = tp + fp + fn + tn;
  if (n === 0) {
    const none = { accuracy: null, precision: null, recall: null, f1: null, specificity: null, balancedAccuracy: null };
    return { ...counts, n, ...none, mcc: null, kappa: null, prevalenceHuman: null, prevalenceJudge: null };
  }
  const precision = divideOrZero(tp, tp + fp);
  const recall = divideOrZero(tp, tp + fn);
  const specificity = divideOrZero(tn, tn + fp);
  const recalls = [...(tn + fp > 0 ? [specificity] : []), ...(tp + fn > 0 ? [recall] : [])];
  return {
    ...counts,
    n,
    accuracy: (tp + tn) / n,
    precision,
    recall,
    f1: fScore(precision, recall),
    specificity,
    balancedAccuracy: recalls.reduce((s, r) => s + r, 0) / recalls.length,
    mcc: matthews(counts, n),
    kappa: kappaFromCounts(n, tp + tn, [tn + fp, fn + tp], [tn + fn, fp + tp]),
    prevalenceHuman: (tp + fn) / n,
    prevalenceJudge: (tp + fp) / n,
  };
}

function matthews({ tp, fp, fn, tn }: BinaryCounts, n: number): number {
  const [t0, t1, p0, p1] = [tn + fp, fn + tp, tn + fn, fp + tp];
  const covTruePred = (tp + tn) * n - (t0 * p0 + t1 * p1);
  const covPredPred = n * n - (p0 * p0 + p1 * p1);
  const covTrueTrue = n * n - (t0 * t0 + t1 * t1);
  if (covPredPred * covTrueTrue === 0) return 0;
  return covTruePred / Math.sqrt(covTrueTrue * covPredPred);
}
