import { centredMoments } from "./pearson.ts";
import { assertPairedFinite } from "./input-checks.ts";

/** Mean absolute error Σ|x − y| / n; null when n = 0. */
export function meanAbsoluteError(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  assertPairedFinite(x, y);
  const n = x.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(x[i] - y[i]);
  return sum / n;
}

/** Root mean squared error √(Σ(x − y)² / n); null when n = 0. */
export function rootMeanSquaredError(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  assertPairedFinite(x, y);
  const n = x.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (x[i] - y[i]) ** 2;
  return Math.sqrt(sum / n);
}

/**
 * Lin's concordance correlation coefficient (Lin 1989, eq. 2a, with the sample moments
 * of the paper, divisor n):
 *   ρ_c = 2 s_xy / (s_x² + s_y² + (x̄ − ȳ)²),  s_xy = Σ(x − x̄)(y − ȳ)/n, s_x² = Σ(x − x̄)²/n.
 * Unlike Pearson's r it is defined when one side is constant (it is then 0), and 1 only
 * when y = x. Null when n < 2 or when both sides are the same constant (0/0).
 */
export function concordanceCorrelation(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  assertPairedFinite(x, y);
  const n = x.length;
  if (n < 2) return null;
  const { meanX, meanY, sxx, syy, sxy } = centredMoments(x, y);
  const denominator = sxx / n + syy / n + (meanX - meanY) ** 2;
  return denominator === 0 ? null : (2 * sxy) / n / denominator;
}
