import { normalQuantile, regularizedBeta } from "./special-functions.ts";

/** A two-sided confidence interval [lower, upper]. */
export type Interval = [number, number];

/** The shape every correlation coefficient returns; `null` marks an undefined figure. */
export type CorrelationResult = {
  n: number;
  value: number | null;
  pValue: number | null;
  ci: Interval | null;
};

export const DEFAULT_CONFIDENCE = 0.95;

/**
 * Two-sided p-value of r under H₀: ρ = 0 with the t test t = r√((n−2)/(1−r²)), n−2 df:
 * p = 2·P(T_{n−2} > |t|) = I_{1−r²}((n−2)/2, ½), computed from r so that 1 − r² keeps its
 * precision (scipy.stats.pearsonr / spearmanr; Abramowitz & Stegun 26.7.1 with 26.5.27).
 * Needs n ≥ 3; |r| = 1 gives 0.
 */
export function correlationPValue(r: number, n: number): number {
  const df = n - 2;
  const oneMinusRSquared = (1 - r) * (1 + r);
  return Math.min(1, regularizedBeta(oneMinusRSquared, df / 2, 0.5, r * r));
}

/**
 * Fisher z interval: tanh(atanh(r) ∓ z_{(1+c)/2} · se). Fisher (1921); the standard error
 * depends on the coefficient (1/√(n−3) for Pearson, Bonett & Wright 2000 for Spearman,
 * Fieller, Hartley & Pearson 1957 for Kendall). |r| = 1 gives [r, r].
 */
export function fisherZInterval(r: number, standardError: number, confidence = DEFAULT_CONFIDENCE): Interval {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const z = Math.atanh(r);
  const half = normalQuantile(0.5 + confidence / 2) * standardError;
  return [Math.tanh(z - half), Math.tanh(z + half)];
}
