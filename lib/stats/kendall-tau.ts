import { kendallCounts, type KendallCounts } from "./kendall-counts.ts";
import { kendallExactPValue } from "./kendall-exact.ts";
import { normalSurvival } from "./special-functions.ts";
import { fisherZInterval, DEFAULT_CONFIDENCE, type CorrelationResult } from "./correlation-inference.ts";

export { kendallCounts, type KendallCounts } from "./kendall-counts.ts";

/** τ-b from the pair counts; null when either side is constant (or n < 2). */
export function tauBFromCounts(c: KendallCounts): number | null {
  if (c.n < 2 || c.xTies === c.total || c.yTies === c.total) return null;
  const concordantMinusDiscordant = c.total - c.xTies - c.yTies + c.jointTies - 2 * c.discordant;
  const tau = concordantMinusDiscordant / Math.sqrt(c.total - c.xTies) / Math.sqrt(c.total - c.yTies);
  return Math.max(-1, Math.min(1, tau));
}

/**
 * Two-sided p-value of τ as scipy.stats.kendalltau(method="auto") (scipy ≥ 1.10): exact
 * when neither side has ties and n ≤ 33 or min(dis, tot−dis) ≤ 1; otherwise S = con − dis
 * is taken as normal with the tie-corrected variance (Kendall 1970, eq. 4.3)
 *   var S = (n(n−1)(2n+5) − x₁ − y₁)/18 + 2·xt·yt/(n(n−1)) + x₀y₀/(9n(n−1)(n−2)).
 */
export function kendallPValue(c: KendallCounts): { pValue: number; method: "exact" | "asymptotic" } | null {
  if (tauBFromCounts(c) === null) return null;
  const { n, total, discordant } = c;
  if (c.xTies === 0 && c.yTies === 0 && (n <= 33 || Math.min(discordant, total - discordant) <= 1)) {
    return { pValue: kendallExactPValue(n, total - discordant), method: "exact" };
  }
  const s = total - c.xTies - c.yTies + c.jointTies - 2 * discordant;
  const m = n * (n - 1);
  const variance = (m * (2 * n + 5) - c.x1 - c.y1) / 18 + (2 * c.xTies * c.yTies) / m + (c.x0 * c.y0) / (9 * m * (n - 2));
  return { pValue: 2 * normalSurvival(Math.abs(s / Math.sqrt(variance))), method: "asymptotic" };
}

/** Kendall's τ-b alone, O(n log n); null when n < 2 or either side is constant. */
export function kendallTau(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  return tauBFromCounts(kendallCounts(x, y));
}

/**
 * Kendall's τ-b = (con − dis) / √((n₀ − n₁)(n₀ − n₂)), n₀ = n(n−1)/2 and n₁, n₂ the pairs
 * tied in x and in y (Kendall 1945), as scipy.stats.kendalltau(variant="b"), with its
 * two-sided p-value (see kendallPValue) and a Fisher z interval with the standard error
 * √(0.437/(n−4)) of Fieller, Hartley & Pearson (1957), defined for n ≥ 5.
 */
export function kendallTauB(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  confidence = DEFAULT_CONFIDENCE,
): CorrelationResult & { pValueMethod: "exact" | "asymptotic" | null } {
  const counts = kendallCounts(x, y);
  const tau = tauBFromCounts(counts);
  const n = counts.n;
  if (tau === null) return { n, value: null, pValue: null, pValueMethod: null, ci: null };
  const p = kendallPValue(counts);
  const ci = n > 4 ? fisherZInterval(tau, Math.sqrt(0.437 / (n - 4)), confidence) : null;
  return { n, value: tau, pValue: p?.pValue ?? null, pValueMethod: p?.method ?? null, ci };
}
