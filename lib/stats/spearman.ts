import { assertPairedFinite, isConstant } from "./input-checks.ts";
import { averageRanks } from "./ranks.ts";
import { pearsonR } from "./pearson.ts";
import { correlationPValue, fisherZInterval, DEFAULT_CONFIDENCE, type CorrelationResult } from "./correlation-inference.ts";

/** Spearman's ρ: Pearson's r of the average ranks (ties share their mean rank). */
export function spearmanRho(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length < 2 || isConstant(x) || isConstant(y)) return null;
  return pearsonR(averageRanks(x), averageRanks(y));
}

/**
 * Spearman's rank correlation ρ = r(rank(x), rank(y)) with average ranks for ties, as
 * scipy.stats.spearmanr: two-sided p from t = ρ√((n−2)/(1−ρ²)) with n−2 df (null for n = 2,
 * where scipy gives NaN); 95 % interval by Fisher z with the Bonett & Wright (2000)
 * standard error √((1 + ρ²/2)/(n−3)), defined for n ≥ 4.
 * Null when n < 2 or either side is constant.
 */
export function spearmanCorrelation(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  confidence = DEFAULT_CONFIDENCE,
): CorrelationResult {
  assertPairedFinite(x, y);
  const n = x.length;
  const rho = spearmanRho(x, y);
  if (rho === null) return { n, value: null, pValue: null, ci: null };
  const pValue = n > 2 ? correlationPValue(rho, n) : null;
  const ci = n > 3 ? fisherZInterval(rho, Math.sqrt((1 + (rho * rho) / 2) / (n - 3)), confidence) : null;
  return { n, value: rho, pValue, ci };
}
