import { distanceToCutoff } from "./cascade.ts";

export type BandProposalInput = {
  /** The screener's score per rated turn (the scale the cut-off is on). */
  screenerScore: ArrayLike<number>;
  /** The screener's and the strong judge's level per rated turn (1-based positions in `labels`). */
  screenerLevel: ArrayLike<number>;
  strongLevel: ArrayLike<number>;
  /** The human level per rated turn. */
  human: ArrayLike<number>;
  /** The ordered levels κ runs over (1 … k), as the report's headline. */
  labels: readonly number[];
  cutoff: number;
  /** How far below the strong judge's κ_q the cascade may be; default 0.02. */
  tolerance?: number;
};

export type BandProposal = {
  n: number;
  target: number | null;
  kappa: { screener: number | null; strong: number | null; cascade: number | null };
  /**
   * The narrowest symmetric band [cutoff − w, cutoff + w] that reaches the target; null when
   * the screener alone reaches it (no band needed) or there is no target (the strong
   * judge's κ is undefined on these turns).
   */
  halfWidth: number | null;
  /**
   * The shortest decimal at or above halfWidth that escalates the same rated turns (below
   * the next turn's distance): 0.182 rather than 0.18100000000000005. What the form fills in.
   */
  suggestedHalfWidth: number | null;
  /** The screener alone is within tolerance: nothing needs the strong judge. */
  isScreenerEnough: boolean;
  /** Rated turns the proposed band escalates. */
  escalated: number;
};

export const DEFAULT_TOLERANCE = 0.02;

/**
 * Quadratic-weighted κ from a confusion matrix given by its observed disagreement Σ v·O and
 * its marginals, in the order and arithmetic of kappaFromConfusion (lib/stats/cohen-kappa.ts),
 * so the two agree to the last bit: κ = 1 − Σ v_ij O_ij / Σ v_ij (col_i · row_j / n).
 */
function quadraticKappa(observed: number, humanCounts: Float64Array, judgeCounts: Float64Array, n: number): number | null {
  if (n === 0) return null;
  const k = humanCounts.length;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const v = (i - j) * (i - j);
      expected += (v * judgeCounts[i] * humanCounts[j]) / n;
    }
  }
  return expected === 0 ? null : 1 - observed / expected;
}

/**
 * The decimal with the fewest places in [width, next): rounded to nearest, else up, at 0, 1,
 * 2… places; `width` itself when none is (never a band that holds another turn). With no
 * next turn, only a decimal within a billionth of `width` (the band stays where the data put it).
 */
export function shortestWidth(width: number, next: number | null): number {
  const limit = next ?? width + Math.max(Math.abs(width), 1e-3) * 1e-9;
  for (let places = 0; places <= 17; places++) {
    const scale = 10 ** places;
    for (const candidate of [Math.round(width * scale) / scale, Math.ceil(width * scale) / scale]) {
      if (candidate >= width && candidate < limit) return candidate;
    }
  }
  return width;
}

/**
 * The narrowest band around the cut-off whose cascade agrees with people (quadratic κ on
 * levels, as the report's headline) within `tolerance` of the strong judge alone, on the
 * same rated turns: target = κ_q(strong) − tolerance.
 *
 * The band is symmetric: turns enter it in order of their screener score's distance to the
 * cut-off, and turns at the same distance enter together (a band cannot hold one and not
 * the other). After each distinct distance the confusion matrix has moved those turns from
 * the screener's level to the strong judge's; the first distance whose κ reaches the target
 * is the half-width. O(n log n) for the sort and O(k²) per distinct distance.
 * Ties: a κ exactly at the target reaches it; when the screener alone reaches it, no band
 * is proposed (halfWidth null, isScreenerEnough). With every turn escalated the cascade is the
 * strong judge, so a target always has an answer.
 */
export function proposeBand(input: BandProposalInput): BandProposal {
  const { screenerScore, screenerLevel, strongLevel, human, labels, cutoff } = input;
  const tolerance = input.tolerance ?? DEFAULT_TOLERANCE;
  const n = human.length;
  const k = labels.length;
  const humanCounts = new Float64Array(k);
  const screenerCounts = new Float64Array(k);
  const strongCounts = new Float64Array(k);
  let screenerObserved = 0;
  let strongObserved = 0;
  for (let u = 0; u < n; u++) {
    const [h, a, b] = [human[u] - 1, screenerLevel[u] - 1, strongLevel[u] - 1];
    humanCounts[h]++;
    screenerCounts[a]++;
    strongCounts[b]++;
    screenerObserved += (h - a) * (h - a);
    strongObserved += (h - b) * (h - b);
  }
  const screener = quadraticKappa(screenerObserved, humanCounts, screenerCounts, n);
  const strong = quadraticKappa(strongObserved, humanCounts, strongCounts, n);
  if (strong === null) return { n, target: null, kappa: { screener, strong, cascade: null }, halfWidth: null, suggestedHalfWidth: null, isScreenerEnough: false, escalated: 0 };
  const target = strong - tolerance;
  if (screener !== null && screener >= target) return { n, target, kappa: { screener, strong, cascade: screener }, halfWidth: null, suggestedHalfWidth: null, isScreenerEnough: true, escalated: 0 };

  const distance = new Float64Array(n);
  for (let u = 0; u < n; u++) distance[u] = distanceToCutoff(screenerScore[u], cutoff);
  const order = new Uint32Array(n);
  for (let u = 0; u < n; u++) order[u] = u;
  order.sort((x, y) => distance[x] - distance[y]);

  const counts = screenerCounts.slice();
  let observed = screenerObserved;
  let kappa: number | null = screener;
  let at = 0;
  while (at < n) {
    const width = distance[order[at]];
    for (; at < n && distance[order[at]] === width; at++) {
      const u = order[at];
      const [h, a, b] = [human[u] - 1, screenerLevel[u] - 1, strongLevel[u] - 1];
      counts[a]--;
      counts[b]++;
      observed += (h - b) * (h - b) - (h - a) * (h - a);
    }
    kappa = quadraticKappa(observed, humanCounts, counts, n);
    if (kappa !== null && kappa >= target) {
      const next = at < n ? distance[order[at]] : null;
      return { n, target, kappa: { screener, strong, cascade: kappa }, halfWidth: width, suggestedHalfWidth: shortestWidth(width, next), isScreenerEnough: false, escalated: at };
    }
  }
  // Unreachable: with every turn escalated the matrix is the strong judge's, whose κ ≥ target.
  return { n, target, kappa: { screener, strong, cascade: kappa }, halfWidth: distance[order[n - 1]], suggestedHalfWidth: distance[order[n - 1]], isScreenerEnough: false, escalated: n };
}
