import { assertPairedFinite } from "./input-checks.ts";
import { asDoubles, fewDistinctRanking, orderByRank, sortedDenseRanking, type DenseRanking } from "./ranks.ts";
import { sortKeys } from "./radix-sort.ts";
import { countInversionsInPlace } from "./merge-sort-inversions.ts";
import { kendallExactPValue } from "./kendall-exact.ts";
import { normalSurvival } from "./special-functions.ts";
import { fisherZInterval, DEFAULT_CONFIDENCE, type CorrelationResult } from "./correlation-inference.ts";

/** Pair counts behind τ-b: every quantity of scipy.stats.kendalltau. */
export type KendallCounts = {
  n: number;
  /** n(n−1)/2 */
  total: number;
  discordant: number;
  /** pairs tied in x (including those also tied in y), Σ t(t−1)/2 over x tie groups */
  xTies: number;
  yTies: number;
  /** pairs tied in both x and y */
  jointTies: number;
  /** Σ t(t−1)(t−2) and Σ t(t−1)(2t+5) over the tie groups of x (resp. y), for the variance */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
};

/** Σ t(t−1)/2, Σ t(t−1)(t−2) and Σ t(t−1)(2t+5) over tie groups of t ≥ 2, added in ascending order of value. */
class TieSums {
  pairs = 0;
  v0 = 0;
  v1 = 0;

  add(t: number): void {
    if (t < 2) return;
    this.pairs += (t * (t - 1)) / 2;
    this.v0 += t * (t - 1) * (t - 2);
    this.v1 += t * (t - 1) * (2 * t + 5);
  }

  static of(counts: Int32Array): TieSums {
    const sums = new TieSums();
    for (let g = 0; g < counts.length; g++) sums.add(counts[g]);
    return sums;
  }
}

/**
 * Counts discordant and tied pairs in O(n log n) (Knight 1966): order the pairs by (a, b),
 * then the discordant pairs are the strict inversions of the b sequence, counted by merge
 * sort. a is a side whose dense ranks come without a sort (integers in a small span, or few
 * distinct values: see fewDistinctRanking), the one with fewer distinct values when both
 * do, so that the b sequence is made of few ascending runs (a 4-level rating: 2 merge
 * passes); when neither does, a = x, ranked by a sort. b is sorted carrying each pair's a
 * rank, and its ranks, counted along its sorted order, are dealt stably into a's groups:
 * every array is read in order, none at random. Discordance and ties are symmetric in x and
 * y, so the choice does not change the counts.
 */
export function kendallCounts(x: ArrayLike<number>, y: ArrayLike<number>): KendallCounts {
  assertPairedFinite(x, y);
  const n = x.length;
  const xFew = fewDistinctRanking(x);
  const yFew = fewDistinctRanking(y);
  const isXa = xFew !== null ? yFew === null || xFew.tieCounts.length <= yFew.tieCounts.length : yFew === null;
  const a: DenseRanking = isXa ? (xFew ?? sortedDenseRanking(asDoubles(x))) : yFew!;
  const [b, bFew] = isXa ? [y, yFew] : [x, xFew];
  const aTies = TieSums.of(a.tieCounts);
  if (bFew && a.tieCounts.length * bFew.tieCounts.length <= n + (1 << 16)) {
    const { discordant, jointTies } = countsFromTable(a, bFew);
    return countsOf(n, discordant, jointTies, isXa ? [aTies, TieSums.of(bFew.tieCounts)] : [TieSums.of(bFew.tieCounts), aTies]);
  }
  const aPayload = new Uint32Array(a.dense.buffer, a.dense.byteOffset, n);
  const offsets = new Int32Array(a.tieCounts.length);
  for (let r = 1; r < a.tieCounts.length; r++) offsets[r] = offsets[r - 1] + a.tieCounts[r - 1];
  const bSequence = new Int32Array(n);
  let bTies: TieSums;
  if (bFew) {
    const aRanks = orderByRank(bFew, aPayload);
    const bCounts = bFew.tieCounts;
    for (let r = 0, k = 0; r < bCounts.length; r++) {
      for (const end = k + bCounts[r]; k < end; k++) bSequence[offsets[aRanks[k]]++] = r;
    }
    bTies = TieSums.of(bCounts);
  } else {
    // b's ranks counted along each sorted segment while it is in cache (no tie group spans
    // two), and its tie groups summed as they end.
    const ties = new TieSums();
    let r = 0;
    sortKeys(asDoubles(b), aPayload, (hi, lo, aRanks, start, end) => {
      let from = start;
      for (let k = start; k < end; k++) {
        if (k > start && (hi[k] !== hi[k - 1] || lo[k] !== lo[k - 1])) {
          ties.add(k - from);
          from = k;
          r++;
        }
        bSequence[offsets[aRanks[k]]++] = r;
      }
      ties.add(end - from);
      r++;
    });
    bTies = ties;
  }
  // Pairs tied on both sides sit next to each other: same a group, same b rank.
  let jointTies = 0;
  let run = 1;
  for (let k = 1, groupEnd = a.tieCounts[0] ?? 0, group = 0; k <= n; k++) {
    const isBoundary = k === n || k === groupEnd || bSequence[k] !== bSequence[k - 1];
    if (k === groupEnd && k < n) groupEnd += a.tieCounts[++group];
    if (isBoundary) {
      jointTies += (run * (run - 1)) / 2;
      run = 1;
    } else run++;
  }
  return countsOf(n, countInversionsInPlace(bSequence), jointTies, isXa ? [aTies, bTies] : [bTies, aTies]);
}

function countsOf(n: number, discordant: number, jointTies: number, [xt, yt]: [TieSums, TieSums]): KendallCounts {
  return { n, total: (n * (n - 1)) / 2, discordant, xTies: xt.pairs, yTies: yt.pairs, jointTies, x0: xt.v0, x1: xt.v1, y0: yt.v0, y1: yt.v1 };
}

/**
 * Discordant and jointly tied pairs from the table of counts of each (a rank, b rank), when
 * it is small (few distinct values on both sides): walking a's ranks up, each cell's pairs
 * with the cells of lower a and higher b rank seen so far are discordant, and the pairs
 * within a cell tied on both sides. Sums of integers below 2⁵³: exact, as the merge sort's.
 */
function countsFromTable(a: DenseRanking, b: DenseRanking): { discordant: number; jointTies: number } {
  const n = a.dense.length;
  const columns = b.tieCounts.length;
  const table = new Int32Array(a.tieCounts.length * columns);
  for (let i = 0; i < n; i++) table[a.dense[i] * columns + b.dense[i]]++;
  const seen = new Float64Array(columns); // per b rank, the pairs' count in lower a ranks
  let discordant = 0;
  let jointTies = 0;
  for (let row = 0; row < a.tieCounts.length; row++) {
    const base = row * columns;
    let higher = 0;
    for (let column = columns - 1; column >= 0; column--) {
      const count = table[base + column];
      if (count > 0) {
        discordant += count * higher;
        jointTies += (count * (count - 1)) / 2;
      }
      higher += seen[column];
    }
    for (let column = 0; column < columns; column++) seen[column] += table[base + column];
  }
  return { discordant, jointTies };
}

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
