import { confusionMatrix, type ConfusionMatrix } from "./confusion-matrix.ts";
import { normalQuantile } from "./special-functions.ts";
import { DEFAULT_CONFIDENCE, type Interval } from "./correlation-inference.ts";

export type KappaWeights = "unweighted" | "linear" | "quadratic";

export type KappaEstimate = { value: number | null; standardError: number | null; ci: Interval | null };

/** Disagreement weight of positions i, j among k ordered labels, as scikit-learn. */
function disagreement(i: number, j: number, weights: KappaWeights): number {
  if (weights === "unweighted") return i === j ? 0 : 1;
  return weights === "linear" ? Math.abs(i - j) : (i - j) * (i - j);
}

/**
 * Cohen's κ from a confusion matrix, unweighted or weighted by label position, exactly as
 * scikit-learn's cohen_kappa_score: with disagreement weights v_ij (0/1, |i−j| or (i−j)²),
 * observed counts O and chance counts E_ij = O_i· O_·j / n,
 *   κ = 1 − Σ v_ij O_ij / Σ v_ij E_ij        (Cohen 1960; weighted: Cohen 1968).
 * Standard error: the large-sample variance of Fleiss, Cohen & Everitt (1969), with
 * agreement weights w_ij = 1 − v_ij / max v, proportions p_ij, marginals p_i·, p_·j,
 * w̄_i· = Σ_j p_·j w_ij, w̄_·j = Σ_i p_i· w_ij and chance agreement p_e = Σ w_ij p_i· p_·j:
 *   var κ = [Σ p_ij (w_ij − (w̄_i· + w̄_·j)(1 − κ))² − (κ − p_e(1 − κ))²] / (n (1 − p_e)²);
 * the interval is the Wald interval κ ± z·se, clipped to [−1, 1]. The interval is null when
 * that variance is 0 (perfect agreement, a rater using one level): the large-sample
 * approximation says nothing there.
 * Null when undefined: no pairs, or chance disagreement Σ v E = 0 (p_e = 1).
 */
export function kappaFromConfusion(
  matrix: readonly (readonly number[])[],
  weights: KappaWeights,
  confidence = DEFAULT_CONFIDENCE,
): KappaEstimate {
  const k = matrix.length;
  const rowSums = matrix.map((row) => row.reduce((s, v) => s + v, 0));
  const colSums = matrix[0]?.map((_, j) => matrix.reduce((s, row) => s + row[j], 0)) ?? [];
  const n = rowSums.reduce((s, v) => s + v, 0);
  const none: KappaEstimate = { value: null, standardError: null, ci: null };
  if (n === 0) return none;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const v = disagreement(i, j, weights);
      observed += v * matrix[i][j];
      expected += (v * colSums[i] * rowSums[j]) / n;
    }
  }
  if (expected === 0) return none;
  const kappa = 1 - observed / expected;
  const standardError = kappaStandardError(matrix, rowSums, colSums, n, kappa, weights);
  if (standardError === 0) return { value: kappa, standardError, ci: null };
  const half = normalQuantile(0.5 + confidence / 2) * standardError;
  return { value: kappa, standardError, ci: [Math.max(-1, kappa - half), Math.min(1, kappa + half)] };
}

function kappaStandardError(
  matrix: readonly (readonly number[])[],
  rowSums: number[],
  colSums: number[],
  n: number,
  kappa: number,
  weights: KappaWeights,
): number {
  const k = matrix.length;
  const maxV = disagreement(0, k - 1, weights);
  const w = (i: number, j: number) => 1 - disagreement(i, j, weights) / maxV;
  const pRow = rowSums.map((s) => s / n);
  const pCol = colSums.map((s) => s / n);
  const wRow = pRow.map((_, i) => pCol.reduce((s, pc, j) => s + pc * w(i, j), 0));
  const wCol = pCol.map((_, j) => pRow.reduce((s, pr, i) => s + pr * w(i, j), 0));
  let pe = 0;
  let sum = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      pe += w(i, j) * pRow[i] * pCol[j];
      const d = w(i, j) - (wRow[i] + wCol[j]) * (1 - kappa);
      sum += (matrix[i][j] / n) * d * d;
    }
  }
  const variance = (sum - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2);
  return Math.sqrt(Math.max(0, variance));
}

export type KappaReport<L> = ConfusionMatrix<L> & {
  /** share of pairs on the diagonal; null when there is no pair */
  exactAgreement: number | null;
  unweighted: KappaEstimate;
  linear: KappaEstimate;
  quadratic: KappaEstimate;
};

/**
 * Agreement of two raters over an explicit ordered label set (scikit-learn's
 * cohen_kappa_score(a, b, labels=labels, weights=…)): the confusion matrix (rows a,
 * columns b), exact agreement Σ O_ii / n, and κ unweighted, linear and quadratic.
 */
export function cohenKappa<L extends string | number>(
  a: ArrayLike<L>,
  b: ArrayLike<L>,
  labels: readonly L[],
  confidence = DEFAULT_CONFIDENCE,
): KappaReport<L> {
  const confusion = confusionMatrix(a, b, labels);
  const diagonal = confusion.matrix.reduce((s, row, i) => s + row[i], 0);
  return {
    ...confusion,
    exactAgreement: confusion.n > 0 ? diagonal / confusion.n : null,
    unweighted: kappaFromConfusion(confusion.matrix, "unweighted", confidence),
    linear: kappaFromConfusion(confusion.matrix, "linear", confidence),
    quadratic: kappaFromConfusion(confusion.matrix, "quadratic", confidence),
  };
}
