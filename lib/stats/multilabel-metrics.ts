// Agreement of a judge with human label sets (each item may carry any number of labels,
// none included), as scikit-learn reports it on MultiLabelBinarizer indicator matrices.
import { classScores, macroF1, microF1, type ClassScore } from "./class-scores.ts";
import { labelDictionary, sortLabels } from "./label-codes.ts";

export type MultilabelMetrics = {
  n: number;
  /** the union of both sides' labels, by code point (MultiLabelBinarizer's classes) */
  labels: string[];
  macroF1: number | null;
  microF1: number | null;
  hammingLoss: number | null;
  subsetAccuracy: number | null;
  jaccardSamples: number | null;
  perLabel: ClassScore[];
};

/**
 * Metrics of paired label sets (T_t human, P_t judge; a label repeated within a set counts
 * once) over the L labels of their union, as scikit-learn 1.2 with zero_division=0:
 *   per label: precision, recall, F1 of its column (tp, predicted, true counts), and their
 *   macro mean and micro pooling                        (f1_score on the indicators)
 *   hamming loss = Σ_t |T_t Δ P_t| / (n·L)              (hamming_loss)
 *   subset accuracy = #{T_t = P_t} / n                  (accuracy_score on the indicators)
 *   Jaccard = mean_t |T_t ∩ P_t| / |T_t ∪ P_t|, an item whose two sets are both empty
 *   counting 0, not 1                       (jaccard_score(average="samples", zero_division=0))
 * With no label at all (every set empty) hamming loss and macro F1 are null, micro F1 0.
 * scikit-learn only reads the indicators as multi-label from L ≥ 2 (with one column it
 * switches to binary metrics over 0 and 1); these definitions stay the multi-label ones.
 * Everything but `labels` and `perLabel` is null when n = 0.
 */
export function multilabelMetrics(human: readonly (readonly string[])[], judge: readonly (readonly string[])[]): MultilabelMetrics {
  if (human.length !== judge.length) throw new RangeError(`paired arrays differ in length: ${human.length} vs ${judge.length}`);
  const n = human.length;
  const dictionary = labelDictionary();
  const humanCodes = flatCodes(human, dictionary.codeOf);
  const judgeCodes = flatCodes(judge, dictionary.codeOf);
  const { labels, rank } = sortLabels(dictionary.labels);
  const L = labels.length;
  const truePositives = new Float64Array(L);
  const predicted = new Float64Array(L);
  const actual = new Float64Array(L);
  // mark[c] = 2t+1 once the human's t-th set holds label c, 2t+2 once the judge's does too,
  // −(2t+1) once only the judge's does: repeats within a set are seen and skipped.
  const mark = new Float64Array(L);
  let differences = 0;
  let exact = 0;
  let jaccardSum = 0;
  for (let t = 0; t < n; t++) {
    const inHuman = 2 * t + 1;
    let humanSize = 0;
    for (let at = humanCodes.start[t]; at < humanCodes.start[t + 1]; at++) {
      const code = humanCodes.codes[at];
      if (mark[code] === inHuman) continue;
      mark[code] = inHuman;
      actual[code]++;
      humanSize++;
    }
    let judgeSize = 0;
    let shared = 0;
    for (let at = judgeCodes.start[t]; at < judgeCodes.start[t + 1]; at++) {
      const code = judgeCodes.codes[at];
      if (mark[code] === inHuman + 1 || mark[code] === -inHuman) continue;
      judgeSize++;
      predicted[code]++;
      if (mark[code] === inHuman) {
        mark[code] = inHuman + 1;
        truePositives[code]++;
        shared++;
      } else mark[code] = -inHuman;
    }
    const union = humanSize + judgeSize - shared;
    differences += union - shared;
    if (union === shared) exact++;
    if (union > 0) jaccardSum += shared / union;
  }
  const perLabel = classScores(labels, sorted(truePositives, rank), sorted(predicted, rank), sorted(actual, rank));
  if (n === 0) {
    return { n, labels, macroF1: null, microF1: null, hammingLoss: null, subsetAccuracy: null, jaccardSamples: null, perLabel };
  }
  const sum = (values: Float64Array) => values.reduce((s, v) => s + v, 0);
  return {
    n,
    labels,
    macroF1: macroF1(perLabel),
    microF1: microF1(sum(truePositives), sum(predicted), sum(actual)),
    hammingLoss: L === 0 ? null : differences / (n * L),
    subsetAccuracy: exact / n,
    jaccardSamples: jaccardSum / n,
    perLabel,
  };
}

/** Every set's first-seen codes end to end; set t is codes[start[t] .. start[t+1]). */
function flatCodes(sets: readonly (readonly string[])[], codeOf: (label: string) => number): { codes: Int32Array; start: Int32Array } {
  const start = new Int32Array(sets.length + 1);
  for (let t = 0; t < sets.length; t++) start[t + 1] = start[t] + sets[t].length;
  const codes = new Int32Array(start[sets.length]);
  for (let t = 0; t < sets.length; t++) {
    const set = sets[t];
    for (let i = 0; i < set.length; i++) codes[start[t] + i] = codeOf(set[i]);
  }
  return { codes, start };
}

/** Counts indexed by first-seen code, reordered by sorted position. */
function sorted(counts: Float64Array, rank: Int32Array): Float64Array {
  const out = new Float64Array(counts.length);
  for (let code = 0; code < counts.length; code++) out[rank[code]] = counts[code];
  return out;
}
