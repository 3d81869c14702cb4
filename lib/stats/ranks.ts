import { sortKeys, visitSorted, type SegmentVisitor } from "./radix-sort.ts";

/** Each index's dense rank (0, 1, 2, … in ascending order of value) and the size of each tie group, in that order. */
export type DenseRanking = { dense: Int32Array; tieCounts: Int32Array };


/**
 * The smallest value and the number of integers from it to the largest, when every value is
 * an integer and that span is at most max(n, 2¹⁶) — ratings on a scale, counts — so that
 * counting ranks them in two sequential passes; otherwise null.
 */
function integerSpan(values: ArrayLike<number>): { min: number; span: number } | null {
  const n = values.length;
  if (n === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== Math.floor(v)) return null;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min + 1;
  return span <= Math.max(n, 1 << 16) ? { min, span } : null;
}

function countingRanking(values: ArrayLike<number>, min: number, span: number): DenseRanking {
  const n = values.length;
  const counts = new Int32Array(span);
  for (let i = 0; i < n; i++) counts[values[i] - min]++;
  const denseOf = new Int32Array(span);
  let distinct = 0;
  for (let v = 0; v < span; v++) if (counts[v] > 0) denseOf[v] = distinct++;
  const tieCounts = new Int32Array(distinct);
  for (let v = 0; v < span; v++) if (counts[v] > 0) tieCounts[denseOf[v]] = counts[v];
  const dense = new Int32Array(n);
  for (let i = 0; i < n; i++) dense[i] = denseOf[values[i] - min];
  return { dense, tieCounts };
}

const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;
const MAX_DISTINCT = 1 << 16;

/**
 * Dense ranks through a hash table of the distinct values (their bits, −0 as +0), when there
 * are at most min(2¹⁶, n/4) of them — scores with a few decimals: one sequential pass, a
 * table that stays in cache, and a sort of the distinct values only. Null as soon as there
 * are more (continuous data gives up after the first few thousand values).
 */
function hashedRanking(doubles: Float64Array): DenseRanking | null {
  const n = doubles.length;
  const limit = Math.min(MAX_DISTINCT, n >> 2);
  if (limit < 8) return null;
  const words = new Uint32Array(doubles.buffer, doubles.byteOffset, 2 * n);
  let size = 16;
  while (size < 2 * limit) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size); // distinct id + 1; 0 is empty
  const keyHi = new Uint32Array(limit);
  const keyLo = new Uint32Array(limit);
  const tally = new Int32Array(limit);
  const dense = new Int32Array(n);
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    let h = words[2 * i + HI];
    const l = words[2 * i + LO];
    if (h === 0x80000000 && l === 0) h = 0; // −0 as +0
    let x = h ^ Math.imul(l, 0x9e3779b1);
    x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
    x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
    let slot = (x ^ (x >>> 16)) & mask;
    for (;;) {
      const entry = table[slot];
      if (entry === 0) {
        if (distinct === limit) return null;
        keyHi[distinct] = h;
        keyLo[distinct] = l;
        table[slot] = ++distinct;
        dense[i] = distinct - 1;
        tally[distinct - 1] = 1;
        break;
      }
      if (keyHi[entry - 1] === h && keyLo[entry - 1] === l) {
        dense[i] = entry - 1;
        tally[entry - 1]++;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  const keyWords = new Uint32Array(2 * distinct);
  for (let d = 0; d < distinct; d++) {
    keyWords[2 * d + HI] = keyHi[d];
    keyWords[2 * d + LO] = keyLo[d];
  }
  const keys = new Float64Array(keyWords.buffer);
  const sorted = keys.slice().sort();
  const rankOf = new Int32Array(distinct);
  const tieCounts = new Int32Array(distinct);
  for (let d = 0; d < distinct; d++) {
    let low = 0;
    let high = distinct - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid] < keys[d]) low = mid + 1;
      else high = mid;
    }
    rankOf[d] = low;
    tieCounts[low] = tally[d];
  }
  for (let i = 0; i < n; i++) dense[i] = rankOf[dense[i]];
  return { dense, tieCounts };
}

/** The values as a Float64Array (themselves when they are one). */
export function asDoubles(values: ArrayLike<number>): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

/**
 * Dense ranks without a sort when the values are integers in a small span (counting) or
 * have few distinct values (hashing); null when neither: then sort them (sortKeys).
 */
export function fewDistinctRanking(values: ArrayLike<number>): DenseRanking | null {
  const integers = integerSpan(values);
  if (integers) return countingRanking(values, integers.min, integers.span);
  return hashedRanking(asDoubles(values));
}

/** `payload[i]` (default i) in ascending order of dense rank, equal ranks in index order (a counting sort). */
export function orderByRank(ranking: DenseRanking, payload: Uint32Array | null = null): Uint32Array {
  const { dense, tieCounts } = ranking;
  const n = dense.length;
  const offsets = new Int32Array(tieCounts.length);
  for (let r = 1; r < tieCounts.length; r++) offsets[r] = offsets[r - 1] + tieCounts[r - 1];
  const sorted = new Uint32Array(n);
  if (payload === null) for (let i = 0; i < n; i++) sorted[offsets[dense[i]]++] = i;
  else for (let i = 0; i < n; i++) sorted[offsets[dense[i]]++] = payload[i];
  return sorted;
}

/** Dense ranks by index from a radix sort (for values fewDistinctRanking gave up on). */
export function sortedDenseRanking(doubles: Float64Array): DenseRanking {
  const n = doubles.length;
  const { hi, lo, payload } = sortKeys(doubles);
  let runs = n > 0 ? 1 : 0;
  for (let k = 1; k < n; k++) if (hi[k] !== hi[k - 1] || lo[k] !== lo[k - 1]) runs++;
  const dense = new Int32Array(n);
  const tieCounts = new Int32Array(runs);
  for (let r = 0, start = 0, k = 1; k <= n; k++) {
    if (k < n && hi[k] === hi[k - 1] && lo[k] === lo[k - 1]) continue;
    tieCounts[r] = k - start;
    for (let p = start; p < k; p++) dense[payload[p]] = r;
    r++;
    start = k;
  }
  return { dense, tieCounts };
}

/**
 * Dense ranks 0, 1, 2, … (equal values share a rank, no gaps), the size of each tie group
 * in ascending order of value, and the sorting order (order[k] = index of the k-th smallest).
 */
export function denseRanks(values: ArrayLike<number>): { ranks: Int32Array; tieCounts: number[]; order: Uint32Array } {
  const ranking = fewDistinctRanking(values) ?? sortedDenseRanking(asDoubles(values));
  return { ranks: ranking.dense, tieCounts: Array.from(ranking.tieCounts), order: orderByRank(ranking) };
}

/**
 * Fractional ("average") ranks 1…n: tied values get the mean of the ranks they span, as
 * scipy.stats.rankdata(method="average"): a tie group at sorted positions s…e−1 gets
 * (s + 1 + e)/2.
 */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const ranks = new Float64Array(n);
  const integers = integerSpan(values);
  if (integers) {
    // Counting: each value's rank straight from its count, no sort and no scattered write.
    const { min, span } = integers;
    const rankOf = new Float64Array(span);
    for (let i = 0; i < n; i++) rankOf[values[i] - min]++;
    for (let v = 0, start = 0; v < span; v++) {
      const end = start + rankOf[v];
      rankOf[v] = (start + 1 + end) / 2;
      start = end;
    }
    for (let i = 0; i < n; i++) ranks[i] = rankOf[values[i] - min];
    return ranks;
  }
  const doubles = asDoubles(values);
  const ranking = hashedRanking(doubles);
  if (ranking) {
    // Each value's rank from its tie group's, no sort and no scattered write.
    const { dense, tieCounts } = ranking;
    const rankOf = new Float64Array(tieCounts.length);
    for (let r = 0, start = 0; r < tieCounts.length; r++) {
      const end = start + tieCounts[r];
      rankOf[r] = (start + 1 + end) / 2;
      start = end;
    }
    for (let i = 0; i < n; i++) ranks[i] = rankOf[dense[i]];
    return ranks;
  }
  // Each sorted segment's tie groups ranked while it is in cache (no group spans two).
  visitSorted(doubles, null, new AverageRankWriter(ranks));
  return ranks;
}

/** Writes each tie group's average rank, (s + 1 + e)/2 for sorted positions s…e−1, at its values' indices. */
class AverageRankWriter implements SegmentVisitor {
  constructor(private readonly ranks: Float64Array) {}

  segment(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array, start: number, end: number, offset: number): void {
    const ranks = this.ranks;
    for (let from = start, k = start + 1; k <= end; k++) {
      if (k < end && hi[k] === hi[from] && lo[k] === lo[from]) continue;
      const rank = (offset + from + 1 + offset + k) / 2;
      for (let p = from; p < k; p++) ranks[payload[p]] = rank;
      from = k;
    }
  }
}

/** Writes twice each tie group's average rank, s + 1 + e for sorted positions s…e−1, at its values' indices. */
class TwiceRankWriter implements SegmentVisitor {
  constructor(private readonly twice: Int32Array) {}

  segment(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array, start: number, end: number, offset: number): void {
    const twice = this.twice;
    for (let from = start, k = start + 1; k <= end; k++) {
      if (k < end && hi[k] === hi[from] && lo[k] === lo[from]) continue;
      const value = offset + from + 1 + offset + k;
      for (let p = from; p < k; p++) twice[payload[p]] = value;
      from = k;
    }
  }
}

/**
 * averageRanks in half the memory or none: the rank of value i is table[codes[i] − offset],
 * or codes[i] / 2 when table is null (twice the rank, an integer, for sorted values). For
 * integers in a small span held in an Int32Array, codes are the values themselves.
 */
export type RankCodes = { codes: Int32Array; offset: number; table: Float64Array | null };

/** Average ranks of each tie group in ascending order (a group at sorted positions s…e−1 gets (s + 1 + e)/2). */
function groupRanks(tieCounts: ArrayLike<number>): Float64Array {
  const rankOf = new Float64Array(tieCounts.length);
  for (let r = 0, start = 0; r < tieCounts.length; r++) {
    const end = start + tieCounts[r];
    rankOf[r] = (start + 1 + end) / 2;
    start = end;
  }
  return rankOf;
}

/** averageRanks(values) as RankCodes: no array of doubles, and none at all for an Int32Array of ratings. */
export function averageRankCodes(values: ArrayLike<number>): RankCodes {
  const n = values.length;
  if (n >= 2 ** 30) throw new RangeError(`too many values to rank: ${n} (at most 2³⁰ − 1)`);
  const integers = integerSpan(values);
  if (integers) {
    const { min, span } = integers;
    const tally = new Int32Array(span);
    for (let i = 0; i < n; i++) tally[values[i] - min]++;
    const table = groupRanks(tally);
    if (values instanceof Int32Array) return { codes: values, offset: min, table };
    const codes = new Int32Array(n);
    for (let i = 0; i < n; i++) codes[i] = values[i] - min;
    return { codes, offset: 0, table };
  }
  const doubles = asDoubles(values);
  const ranking = hashedRanking(doubles);
  if (ranking) return { codes: ranking.dense, offset: 0, table: groupRanks(ranking.tieCounts) };
  // Twice each rank, s + 1 + e, written while the sorted segment is in cache.
  const codes = new Int32Array(n);
  visitSorted(doubles, null, new TwiceRankWriter(codes));
  return { codes, offset: 0, table: null };
}
