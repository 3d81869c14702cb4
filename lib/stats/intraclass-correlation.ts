import { assertFinite } from "./input-checks.ts";
import { fQuantile } from "./f-distribution.ts";
import type { Interval } from "./correlation-inference.ts";

export type IccEstimate = { value: number | null; ci: Interval | null };

export type IccResult = {
  /** targets (rows rated by every rater) and raters */
  n: number;
  k: number;
  /** ICC(A,1), "ICC2": absolute agreement of single ratings, raters a random sample */
  icc2_1: IccEstimate;
  /** ICC(C,1), "ICC3": consistency of single ratings, raters fixed */
  icc3_1: IccEstimate;
};

/**
 * Two-way ANOVA mean squares of a complete targets × raters table, `raters[j][i]` the
 * rating of target i by rater j, one rating per cell:
 *   MS_T = k Σ_i (x̄_i· − x̄)² / (n−1),  MS_R = n Σ_j (x̄_·j − x̄)² / (k−1),
 *   MS_E = Σ_ij (x_ij − x̄_i· − x̄_·j + x̄)² / ((n−1)(k−1)),
 * the error from its residuals (not by subtraction), x̄ the mean of the rater means.
 */
function meanSquares(raters: readonly ArrayLike<number>[], n: number, k: number) {
  const raterMeans = raters.map((r) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += r[i];
    return sum / n;
  });
  const grand = raterMeans.reduce((s, m) => s + m, 0) / k;
  let ssTargets = 0;
  let ssError = 0;
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (const r of raters) sum += r[i];
    const targetMean = sum / k;
    ssTargets += (targetMean - grand) ** 2;
    for (let j = 0; j < k; j++) ssError += (raters[j][i] - targetMean - raterMeans[j] + grand) ** 2;
  }
  const ssRaters = raterMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  return { msT: (k * ssTargets) / (n - 1), msR: (n * ssRaters) / (k - 1), msE: ssError / ((n - 1) * (k - 1)) };
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
const interval = (lower: number, upper: number): Interval | null =>
  Number.isFinite(lower) && Number.isFinite(upper) ? [lower, upper] : null;

/**
 * ICC(A,1) and ICC(C,1) of McGraw & Wong (1996) — Shrout & Fleiss's (1979) ICC(2,1) and
 * ICC(3,1) — exactly as pingouin.intraclass_corr computes them from the two-way ANOVA:
 *   ICC(A,1) = (MS_T − MS_E) / (MS_T + (k−1)MS_E + k(MS_R − MS_E)/n)
 *   ICC(C,1) = (MS_T − MS_E) / (MS_T + (k−1)MS_E)
 * with pingouin's intervals (McGraw & Wong 1996, tables 7–8), q_c(a, b) the F quantile:
 *   C: F = MS_T/MS_E, F_L = F / q_{1−α/2}(n−1, (n−1)(k−1)), F_U = F · q_{1−α/2}((n−1)(k−1), n−1),
 *      [(F_L − 1)/(F_L + k − 1), (F_U − 1)/(F_U + k − 1)];
 *   A: Satterthwaite's ν from ρ = ICC(A,1) and F_J = MS_R/MS_E,
 *      ν = (n−1)(k−1)(kρF_J + n(1+(k−1)ρ) − kρ)² / ((n−1)k²ρ²F_J² + (n(1+(k−1)ρ) − kρ)²),
 *      F* = q_{1−α/2}(n−1, ν), F_* = q_{1−α/2}(ν, n−1),
 *      [n(MS_T − F*·MS_E) / (F*(k·MS_R + (kn−k−n)MS_E) + n·MS_T),
 *       n(F_*·MS_T − MS_E) / (k·MS_R + (kn−k−n)MS_E + n·F_*·MS_T)].
 * `raters[j][i]` is rater j's rating of target i; every rater rates every target (drop
 * incomplete targets first, as pingouin's nan_policy="omit"). Two targets are enough here;
 * pingouin's ANOVA asserts at least 5 ratings (3 targets of 2 raters). A value is null where the
 * formula is 0/0 or not finite: fewer than 2 targets or raters, every rating the same; an
 * interval is null when MS_E = 0 (the raters agree up to a constant shift).
 */
export function intraclassCorrelation(raters: readonly ArrayLike<number>[], confidence = 0.95): IccResult {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const k = raters.length;
  const n = k === 0 ? 0 : raters[0].length;
  for (const r of raters) {
    if (r.length !== n) throw new RangeError(`every rater must rate all ${n} targets, got ${r.length}`);
    assertFinite(r);
  }
  const none = { value: null, ci: null };
  if (n < 2 || k < 2) return { n, k, icc2_1: none, icc3_1: none };
  const { msT, msR, msE } = meanSquares(raters, n, k);
  const icc2 = (msT - msE) / (msT + (k - 1) * msE + (k * (msR - msE)) / n);
  const icc3 = (msT - msE) / (msT + (k - 1) * msE);
  const alpha = 1 - confidence;
  const df1 = n - 1;
  const dfE = (n - 1) * (k - 1);

  const f = msT / msE;
  const fLower = f / fQuantile(1 - alpha / 2, df1, dfE);
  const fUpper = f * fQuantile(1 - alpha / 2, dfE, df1);
  const ci3 = interval((fLower - 1) / (fLower + k - 1), (fUpper - 1) / (fUpper + k - 1));

  const fj = msR / msE;
  const shared = n * (1 + (k - 1) * icc2) - k * icc2;
  const nu = (dfE * (k * icc2 * fj + shared) ** 2) / (df1 * k ** 2 * icc2 ** 2 * fj ** 2 + shared ** 2);
  const fStar = fQuantile(1 - alpha / 2, df1, nu);
  const fStarReverse = fQuantile(1 - alpha / 2, nu, df1);
  const raterTerm = k * msR + (k * n - k - n) * msE;
  const ci2 = interval(
    (n * (msT - fStar * msE)) / (fStar * raterTerm + n * msT),
    (n * (fStarReverse * msT - msE)) / (raterTerm + n * fStarReverse * msT),
  );
  return {
    n,
    k,
    icc2_1: { value: finite(icc2), ci: finite(icc2) === null ? null : ci2 },
    icc3_1: { value: finite(icc3), ci: finite(icc3) === null ? null : ci3 },
  };
}
