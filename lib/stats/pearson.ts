import { assertPairedFinite, isConstant } from "./input-checks.ts";
import { correlationPValue, fisherZInterval, DEFAULT_CONFIDENCE, type CorrelationResult } from "./correlation-inference.ts";

/** Means and centred sums of squares and products, two-pass: Σ(x−x̄)², Σ(y−ȳ)², Σ(x−x̄)(y−ȳ). */
export function centredMoments(x: ArrayLike<number>, y: ArrayLike<number>): { meanX: number; meanY: number; sxx: number; syy: number; sxy: number } {
  const n = x.length;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += x[i];
    sumY += y[i];
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - meanX;
    const dy = y[i] - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return { meanX, meanY, sxx, syy, sxy };
}

/** r = Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)² Σ(y−ȳ)²), two-pass, clipped to [−1, 1]. */
export function pearsonR(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length < 2 || isConstant(x) || isConstant(y)) return null;
  const { sxx, syy, sxy } = centredMoments(x, y);
  if (sxx === 0 || syy === 0) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

/**
 * Pearson's product-moment correlation r with scipy.stats.pearsonr's two-sided p-value
 * (t test, n−2 df; for n = 2 scipy returns r = ±1 and p = 1, and so does this) and a Fisher
 * z interval with standard error 1/√(n−3) (Fisher 1921), defined for n ≥ 4.
 * Null when n < 2 or either side is constant.
 */
export function pearsonCorrelation(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  confidence = DEFAULT_CONFIDENCE,
): CorrelationResult {
  assertPairedFinite(x, y);
  const n = x.length;
  const r = pearsonR(x, y);
  if (r === null) return { n, value: null, pValue: null, ci: null };
  if (n === 2) return { n, value: Math.sign(x[1] - x[0]) * Math.sign(y[1] - y[0]), pValue: 1, ci: null };
  const ci = n > 3 ? fisherZInterval(r, 1 / Math.sqrt(n - 3), confidence) : null;
  return { n, value: r, pValue: correlationPValue(r, n), ci };
}
