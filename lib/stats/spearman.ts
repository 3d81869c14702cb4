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

/**
 * pearsonR (two-pass centred moments) of two non-constant rank columns. Each pairing of the
 * two ways of reading a rank has its own loops (a test per value costs more than the sums);
 * r is symmetric to the last bit (each sum keeps its order, and sxx·syy = syy·sxx), so a
 * tabled column always goes first.
 */
function pearsonOfRanks(x: RankCodes, y: RankCodes): number | null {
  const moments = x.table !== null ? (y.table !== null ? tabledMoments(x, y) : mixedMoments(x, y)) : y.table !== null ? mixedMoments(y, x) : halvedMoments(x, y);
  const [sxx, syy, sxy] = x.table === null && y.table !== null ? [moments[1], moments[0], moments[2]] : moments;
  if (sxx === 0 || syy === 0) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

/** Σ(x−x̄)², Σ(y−ȳ)², Σ(x−x̄)(y−ȳ) with both ranks from tables. */
function tabledMoments({ codes: xc, offset: xo, table: xt }: RankCodes, { codes: yc, offset: yo, table: yt }: RankCodes): [number, number, number] {
  const n = xc.length;
  const [tx, ty] = [xt!, yt!];
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += tx[xc[i] - xo];
    sumY += ty[yc[i] - yo];
  }
  const [meanX, meanY] = [sumX / n, sumY / n];
  let [sxx, syy, sxy] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const dx = tx[xc[i] - xo] - meanX;
    const dy = ty[yc[i] - yo] - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return [sxx, syy, sxy];
}

/** The same with x's ranks from a table and y's halved. */
function mixedMoments({ codes: xc, offset: xo, table: xt }: RankCodes, { codes: yc }: RankCodes): [number, number, number] {
  const n = xc.length;
  const tx = xt!;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += tx[xc[i] - xo];
    sumY += yc[i] / 2;
  }
  const [meanX, meanY] = [sumX / n, sumY / n];
  let [sxx, syy, sxy] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const dx = tx[xc[i] - xo] - meanX;
    const dy = yc[i] / 2 - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return [sxx, syy, sxy];
}

/** The same with both ranks halved. */
function halvedMoments({ codes: xc }: RankCodes, { codes: yc }: RankCodes): [number, number, number] {
  const n = xc.length;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += xc[i] / 2;
    sumY += yc[i] / 2;
  }
  const [meanX, meanY] = [sumX / n, sumY / n];
  let [sxx, syy, sxy] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const dx = xc[i] / 2 - meanX;
    const dy = yc[i] / 2 - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return [sxx, syy, sxy];
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
