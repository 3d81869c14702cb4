// Where a figure is too thin to mean much, the report says so. The cut-offs are rules of
// thumb, kept here so the page, the API and the tests agree on them.

/**
 * Below 30 paired turns κ's 95 % interval is typically ±0.2 or wider: it cannot tell "fair"
 * from "substantial" agreement (Sim & Wright 2005 give n ≈ 30+ for κ's precision).
 */
export const MIN_N_KAPPA = 30;

/** Below 10 pairs a rank correlation's interval spans most of [−1, 1]. */
export const MIN_N_CORRELATION = 10;

/**
 * Two raters (or a rater and the judge) need at least 10 turns in common for their κ to
 * count in the human ceiling's mean; pairs with fewer are listed but left out.
 */
export const MIN_RATER_OVERLAP = 10;

export type SmallSampleFlags = { kappa: boolean; correlation: boolean };

export function smallSampleFlags(n: number): SmallSampleFlags {
  return { kappa: n < MIN_N_KAPPA, correlation: n < MIN_N_CORRELATION };
}
