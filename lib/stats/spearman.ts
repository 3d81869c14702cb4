import { assertPairedFinite, isConstant } from "./input-checks.ts";
import { averageRankCodes, type RankCodes } from "./ranks.ts";
import { correlationPValue, fisherZInterval, DEFAULT_CONFIDENCE, type CorrelationResult } from "./correlation-inference.ts";

/**
 * Spearman's ρ: Pearson's r of the average ranks (ties share their mean rank), exactly
 * pearsonR(averageRanks(x), averageRanks(y)): the same sums in the same order, with each rank
 * read from its compact form (averageRankCodes) rather than from an array of doubles.
 */
export function spearmanRho(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length < 2 || isConstant(x) || isConstant(y)) return null;
  return pearsonOfRanks(averageRankCodes(x), averageRankCodes(y));
}

/** pearsonR (two-pass centred moments) of two non-constant rank columns. */
function pearsonOfRanks(x: RankCodes, y: RankCodes): number | null {
  const n = x.codes.length;
  const [xCodes, xOffset, xTable] = [x.codes, x.offset, x.table];
  const [yCodes, yOffset, yTable] = [y.codes, y.offset, y.table];
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += xTable === null ? xCodes[i] / 2 : xTable[xCodes[i] - xOffset];
    sumY += yTable === null ? yCodes[i] / 2 : yTable[yCodes[i] - yOffset];
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xTable === null ? xCodes[i] / 2 : xTable[xCodes[i] - xOffset]) - meanX;
    const dy = (yTable === null ? yCodes[i] / 2 : yTable[yCodes[i] - yOffset]) - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
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
