// The pair counts behind Kendall's τ-b in O(n log n), or O(n) when ranks come without a sort.
import { assertPairedFinite } from "./input-checks.ts";
import { asDoubles, fewDistinctRanking, orderByRank, sortedDenseRanking, type DenseRanking } from "./ranks.ts";
import { visitSorted, type SegmentVisitor } from "./radix-sort.ts";
import { countInversionsInPlace } from "./merge-sort-inversions.ts";

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
 * Counts discordant and tied pairs in O(n log n) (Knight 1966). a is a side whose dense ranks
 * come without a sort (integers in a small span, or few distinct values: see
 * fewDistinctRanking), the one with fewer distinct values when both do; when neither does,
 * a = x, ranked by a sort. b is sorted carrying each pair's a rank. When b too has few
 * distinct values, the counts come from the table of pairs per (a, b) rank
 * (kendallCountsFromRankings). Else, with a's groups few (a rating scale: up to 256), the
 * discordant pairs are counted as b's sorted segments go by (DiscordanceCounter: O(n log m)
 * for m groups of a, nothing written per pair); with more, b's ranks, counted along its
 * sorted order, are dealt stably into a's groups, and the discordant pairs are the strict
 * inversions of that sequence, counted by merge sort (one pass per halving of its m
 * ascending runs). Every array is read in order, none at random. Discordance and ties are
 * symmetric in x and y, so the choice of a does not change the counts.
 */
export function kendallCounts(x: ArrayLike<number>, y: ArrayLike<number>): KendallCounts {
  assertPairedFinite(x, y);
  const n = x.length;
  const xFew = fewDistinctRanking(x);
  const yFew = fewDistinctRanking(y);
  const isXa = xFew !== null ? yFew === null || xFew.tieCounts.length <= yFew.tieCounts.length : yFew === null;
  const a: DenseRanking = isXa ? (xFew ?? sortedDenseRanking(asDoubles(x))) : yFew!;
  const [b, bFew] = isXa ? [y, yFew] : [x, xFew];
  if (bFew) return kendallCountsFromRankings(a, bFew, isXa);
  const aRanks = new Uint32Array(a.dense.buffer, a.dense.byteOffset, n);
  const aTies = TieSums.of(a.tieCounts);
  if (a.tieCounts.length <= COUNTED_GROUPS) {
    const counter = new DiscordanceCounter(a.tieCounts.length);
    visitSorted(asDoubles(b), aRanks, counter);
    return countsOf(n, counter.discordant, counter.jointTies, isXa ? [aTies, counter.bTies] : [counter.bTies, aTies]);
  }
  // b's ranks counted along each sorted segment while it is in cache (no tie group spans two),
  // dealt into a's groups, and its tie groups summed as they end.
  const dealer = new Dealer(dealing(a));
  visitSorted(asDoubles(b), aRanks, dealer);
  return fromSequence(a, dealer.bSequence, isXa, dealer.bTies);
}

/** Up to this many groups of a, discordant pairs are counted as b's sorted values go by (DiscordanceCounter) rather than by merge sort. */
const COUNTED_GROUPS = 256;

/**
 * Walking b's sorted segments (payload: each pair's a rank), a pair is discordant with every
 * pair seen before it with a lower b value and a higher a rank. Up to 16 ranks of a, a count
 * per rank of the pairs seen above it gives that number at once (adding a pair adds one to
 * each rank below its own); beyond, a Fenwick tree over a's ranks gives it in O(log m). A
 * tie group of b is counted before any of it is added, so that pairs tied in b are not
 * discordant, and pairs tied in both are counted in it per a rank. Integer sums below 2⁵³:
 * exact, as the merge sort's.
 */
class DiscordanceCounter implements SegmentVisitor {
  discordant = 0;
  jointTies = 0;
  readonly bTies = new TieSums();
  /** Pairs seen so far. */
  private seen = 0;
  /** Few ranks of a: pairs seen so far with an a rank above each rank. */
  private readonly above: Int32Array | null;
  /** Else a Fenwick tree over a's ranks 1…m: tree[i] sums the pairs seen of ranks i − (i & −i) + 1 … i. */
  private readonly tree: Int32Array;
  /** Pairs of each a rank within the current tie group of b (back to 0 after it). */
  private readonly within: Int32Array;

  constructor(groups: number) {
    this.above = groups <= 16 ? new Int32Array(groups) : null;
    this.tree = new Int32Array(this.above ? 0 : groups + 1);
    this.within = new Int32Array(groups);
  }

  segment(hi: Uint32Array, lo: Uint32Array, aRanks: Uint32Array, start: number, end: number): void {
    if (this.above !== null) this.countFew(hi, lo, aRanks, start, end, this.above);
    else this.countMany(hi, lo, aRanks, start, end);
  }

  private countFew(hi: Uint32Array, lo: Uint32Array, aRanks: Uint32Array, start: number, end: number, above: Int32Array): void {
    let discordant = this.discordant;
    for (let from = start; from < end; ) {
      let to = from + 1;
      while (to < end && hi[to] === hi[from] && lo[to] === lo[from]) to++;
      if (to - from === 1) {
        const rank = aRanks[from];
        discordant += above[rank];
        for (let r = 0; r < rank; r++) above[r]++;
      } else {
        for (let k = from; k < to; k++) discordant += above[aRanks[k]];
        this.countJointTies(aRanks, from, to);
        for (let k = from; k < to; k++) for (let r = 0, rank = aRanks[k]; r < rank; r++) above[r]++;
        this.bTies.add(to - from);
      }
      from = to;
    }
    this.discordant = discordant;
  }

  private countMany(hi: Uint32Array, lo: Uint32Array, aRanks: Uint32Array, start: number, end: number): void {
    const tree = this.tree;
    const size = tree.length;
    let discordant = this.discordant;
    let seen = this.seen;
    for (let from = start; from < end; ) {
      let to = from + 1;
      while (to < end && hi[to] === hi[from] && lo[to] === lo[from]) to++;
      for (let k = from; k < to; k++) {
        // Pairs seen with an a rank above this one: all seen less those of rank ≤ it.
        let atMost = 0;
        for (let i = aRanks[k] + 1; i > 0; i -= i & -i) atMost += tree[i];
        discordant += seen - atMost;
      }
      if (to - from > 1) {
        this.countJointTies(aRanks, from, to);
        this.bTies.add(to - from);
      }
      for (let k = from; k < to; k++) for (let i = aRanks[k] + 1; i < size; i += i & -i) tree[i]++;
      seen += to - from;
      from = to;
    }
    this.discordant = discordant;
    this.seen = seen;
  }

  /** Pairs within b's tie group from…to−1 that share their a rank too. */
  private countJointTies(aRanks: Uint32Array, from: number, to: number): void {
    const within = this.within;
    let joint = 0;
    for (let k = from; k < to; k++) joint += within[aRanks[k]]++;
    for (let k = from; k < to; k++) within[aRanks[k]] = 0;
    this.jointTies += joint;
  }
}

/** Deals b's dense ranks, counted along its sorted segments, into a's groups (the b sequence), summing b's tie groups. */
class Dealer implements SegmentVisitor {
  readonly bTies = new TieSums();
  readonly bSequence: Int32Array;
  private readonly offsets: Int32Array;
  private rank = 0;

  constructor({ offsets, bSequence }: { offsets: Int32Array; bSequence: Int32Array }) {
    this.offsets = offsets;
    this.bSequence = bSequence;
  }

  segment(hi: Uint32Array, lo: Uint32Array, aRanks: Uint32Array, start: number, end: number): void {
    const { offsets, bSequence, bTies } = this;
    let r = this.rank;
    let from = start;
    for (let k = start; k < end; k++) {
      if (k > start && (hi[k] !== hi[k - 1] || lo[k] !== lo[k - 1])) {
        bTies.add(k - from);
        from = k;
        r++;
      }
      bSequence[offsets[aRanks[k]]++] = r;
    }
    bTies.add(end - from);
    this.rank = r + 1;
  }
}

/**
 * kendallCounts from both sides' dense ranks, a's grouping the pairs (`isXa`: a is x). With
 * few distinct values on both sides, from the table of counts; else b's order by a counting
 * sort, carrying a's ranks.
 */
export function kendallCountsFromRankings(a: DenseRanking, b: DenseRanking, isXa: boolean): KendallCounts {
  const n = a.dense.length;
  if (a.tieCounts.length * b.tieCounts.length <= n + (1 << 16)) {
    const { discordant, jointTies } = countsFromTable(a, b);
    const [aTies, bTies] = [TieSums.of(a.tieCounts), TieSums.of(b.tieCounts)];
    return countsOf(n, discordant, jointTies, isXa ? [aTies, bTies] : [bTies, aTies]);
  }
  const { offsets, bSequence } = dealing(a);
  const aRanks = orderByRank(b, new Uint32Array(a.dense.buffer, a.dense.byteOffset, n));
  for (let r = 0, k = 0; r < b.tieCounts.length; r++) {
    for (const end = k + b.tieCounts[r]; k < end; k++) bSequence[offsets[aRanks[k]]++] = r;
  }
  return fromSequence(a, bSequence, isXa, TieSums.of(b.tieCounts));
}

/** Where each of a's groups starts in the b sequence, and the sequence to deal b's ranks into. */
function dealing(a: DenseRanking): { offsets: Int32Array; bSequence: Int32Array } {
  const offsets = new Int32Array(a.tieCounts.length);
  for (let r = 1; r < a.tieCounts.length; r++) offsets[r] = offsets[r - 1] + a.tieCounts[r - 1];
  return { offsets, bSequence: new Int32Array(a.dense.length) };
}

/** The counts from the b sequence (b's ranks ordered by a, then b): merge-sort inversions and adjacent joint ties. */
function fromSequence(a: DenseRanking, bSequence: Int32Array, isXa: boolean, bTies: TieSums): KendallCounts {
  const n = bSequence.length;
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
  const aTies = TieSums.of(a.tieCounts);
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
