// Prediction-powered inference for a mean: a few human labels and many judge predictions
// combined into one estimate with a valid normal interval. Figures reproduce ppi_py
// (Angelopoulos et al.) `ppi_mean_pointestimate`, `ppi_mean_ci` and `classical_mean_ci`
// to ~1e-15; sums are compensated, so 10⁶ rows stay within 1e-12 relative of numpy.
import { assertFinite, assertPairedFinite } from "./input-checks.ts";
import { normalQuantile } from "./special-functions.ts";

/** A point estimate with its two-sided interval; all null when undefined. */
export type MeanInterval = { mean: number | null; ciLow: number | null; ciHigh: number | null };
/** PPI++ estimate with the λ it used: the power-tuned one, or the caller's. */
export type PpiMean = MeanInterval & { lambda: number | null };
/** alpha: error level, 0.05 → 95 % interval (ppi_py defaults to 0.1). lambda: fixes λ. */
export type PpiOptions = { alpha?: number; lambda?: number };

export const DEFAULT_ALPHA = 0.05;
const NONE: PpiMean = { mean: null, ciLow: null, ciHigh: null, lambda: null };

/**
 * PPI++ mean (Angelopoulos, Duchi & Zrnic 2024, arXiv:2311.01453; PPI: Angelopoulos et al.,
 * Science 2023). Y: human values on the n labeled rows, Ŷ: the judge's on the same rows,
 * Ŷᵤ: the judge's on the N unlabeled rows.
 *   θ̂_λ = λ·mean(Ŷᵤ) + mean(Y − λŶ)
 *   se² = λ²·var₀(Ŷᵤ)/N + var₀(Y − λŶ)/n  (var₀: divisor n, as numpy's std)
 *   interval θ̂_λ ∓ z_{1−α/2}·se.
 * λ = options.lambda when given (0 → classical mean and interval, 1 → plain PPI; any finite
 * value, not clipped, as ppi_py's `lam`), otherwise the power-tuned `ppiLambda`.
 * Estimate and interval are null when n = 0 or N = 0 (ppi_py: NaN or ZeroDivisionError).
 * When every prediction is the same value, the tuned λ is 0/0 and null, and the estimate and
 * interval are the classical ones, which every λ gives (ppi_py returns NaN or an arbitrary λ
 * there, depending on rounding noise; whenever it returns numbers they equal these).
 * n = 1 gives λ = 0 and a zero-width interval, as ppi_py does.
 */
export function ppiMean(
  y: ArrayLike<number>,
  yHat: ArrayLike<number>,
  yHatUnlabeled: ArrayLike<number>,
  options: PpiOptions = {},
): PpiMean {
  assertPairedFinite(y, yHat);
  assertFinite(yHatUnlabeled);
  const z = criticalValue(options.alpha ?? DEFAULT_ALPHA);
  const fixed = options.lambda;
  if (fixed !== undefined && !Number.isFinite(fixed)) throw new RangeError(`lambda must be a finite number, got ${fixed}`);
  const n = y.length;
  const bigN = yHatUnlabeled.length;
  if (n === 0 || bigN === 0) return { ...NONE, lambda: fixed ?? null };
  const lambda = fixed ?? ppiLambda(y, yHat, yHatUnlabeled);
  if (lambda === null) return { ...interval(y, yHat, yHatUnlabeled, 0, z), lambda: null };
  return { ...interval(y, yHat, yHatUnlabeled, lambda, z), lambda };
}

/**
 * Power-tuned λ of PPI++ for a mean, clipped to [0, 1] (ppi_py `_calc_lam_glm`, clip=True):
 *   λ̂ = [Σ(Yᵢ−Ȳ)(Ŷᵢ−Ŷ̄)/n] / [(1 + n/N) · s²(Ŷ ∪ Ŷᵤ)],
 * s² the variance of all n + N predictions with divisor n + N − 1 (np.cov). ppi_py centres
 * on the λ = 1 estimate first; λ̂ does not depend on that shift. Null when n = 0, N = 0 or
 * every prediction is the same value (0/0); 0 when every label is the same value (ppi_py:
 * 0 or rounding noise) or n = 1.
 */
export function ppiLambda(y: ArrayLike<number>, yHat: ArrayLike<number>, yHatUnlabeled: ArrayLike<number>): number | null {
  assertPairedFinite(y, yHat);
  assertFinite(yHatUnlabeled);
  const n = y.length;
  const bigN = yHatUnlabeled.length;
  if (n === 0 || bigN === 0) return null;
  if (isAllEqual(yHat, yHatUnlabeled)) return null;
  if (isAllEqual(y, [])) return 0;
  const pooledMean = (sum(yHat) + sum(yHatUnlabeled)) / (n + bigN);
  const spread = sumOf(n, (i) => (yHat[i] - pooledMean) ** 2) + sumOf(bigN, (j) => (yHatUnlabeled[j] - pooledMean) ** 2);
  const meanY = sum(y) / n;
  const meanYHat = sum(yHat) / n;
  const covariance = sumOf(n, (i) => (y[i] - meanY) * (yHat[i] - meanYHat)) / n;
  const lambda = covariance / ((1 + n / bigN) * (spread / (n + bigN - 1)));
  return Math.min(1, Math.max(0, lambda));
}

/**
 * Classical interval from the labels alone (ppi_py `classical_mean_ci`): Ȳ ∓ z_{1−α/2}·s₀/√n,
 * s₀ the standard deviation with divisor n. Null when n = 0; n = 1 gives [Y₁, Y₁] as ppi_py.
 */
export function classicalMeanCi(y: ArrayLike<number>, alpha = DEFAULT_ALPHA): MeanInterval {
  assertFinite(y);
  const z = criticalValue(alpha);
  if (y.length === 0) return { mean: null, ciLow: null, ciHigh: null };
  return interval(y, y, [], 0, z);
}

/** The judge-only estimate: the plain mean of every prediction, labeled rows and unlabeled. */
export function judgeOnlyMean(yHat: ArrayLike<number>, yHatUnlabeled: ArrayLike<number>): number | null {
  assertFinite(yHat);
  assertFinite(yHatUnlabeled);
  const count = yHat.length + yHatUnlabeled.length;
  return count === 0 ? null : (sum(yHat) + sum(yHatUnlabeled)) / count;
}

/**
 * 0/1 indicators of value ≥ level. A pass rate is the mean of these, so `ppiMean` on
 * passIndicators(human, V), passIndicators(judge, V) and the judge's unlabeled indicators is
 * the PPI++ pass rate.
 */
export function passIndicators(values: ArrayLike<number>, level: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] >= level ? 1 : 0;
  return out;
}

/** θ̂_λ and its interval; with yHatUnlabeled empty and λ = 0 it is the classical one. */
function interval(y: ArrayLike<number>, yHat: ArrayLike<number>, yHatUnlabeled: ArrayLike<number>, lambda: number, z: number): MeanInterval {
  const n = y.length;
  const bigN = yHatUnlabeled.length;
  const rectifierMean = sumOf(n, (i) => y[i] - lambda * yHat[i]) / n;
  const rectifierVar = sumOf(n, (i) => (y[i] - lambda * yHat[i] - rectifierMean) ** 2) / n;
  let imputedMean = 0;
  let imputedVar = 0;
  if (bigN > 0 && lambda !== 0) {
    const predictionMean = sum(yHatUnlabeled) / bigN;
    imputedMean = lambda * predictionMean;
    imputedVar = (lambda * lambda * sumOf(bigN, (j) => (yHatUnlabeled[j] - predictionMean) ** 2)) / bigN;
  }
  const mean = imputedMean + rectifierMean;
  const half = z * Math.sqrt((bigN > 0 ? imputedVar / bigN : 0) + rectifierVar / n);
  return { mean, ciLow: mean - half, ciHigh: mean + half };
}

/** z_{1−α/2}, computed from 1 − α/2 as statsmodels' `_zconfint_generic` does. */
export function criticalValue(alpha: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  return normalQuantile(1 - alpha / 2);
}

/** True when every value of both arrays is the same number. */
export function isAllEqual(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const first = a.length > 0 ? a[0] : b[0];
  for (let i = 0; i < a.length; i++) if (a[i] !== first) return false;
  for (let i = 0; i < b.length; i++) if (b[i] !== first) return false;
  return true;
}

function sum(values: ArrayLike<number>): number {
  return sumOf(values.length, (i) => values[i]);
}

/** Σ term(i) for i < length with Neumaier's compensated summation (Neumaier 1974). */
export function sumOf(length: number, term: (i: number) => number): number {
  let total = 0;
  let compensation = 0;
  for (let i = 0; i < length; i++) {
    const x = term(i);
    const t = total + x;
    compensation += Math.abs(total) >= Math.abs(x) ? total - t + x : x - t + total;
    total = t;
  }
  return total + compensation;
}
