import { forEachTieRun, radixSort } from "./radix-sort.ts";

/**
 * Values ordered and grouped into runs of equal values: `order[k]` is the index of the k-th
 * smallest (equal values in index order), `tieCounts` the size of each run in ascending
 * order of value, and `ranks()` each value's run number 0, 1, 2, … (dense ranks).
 */
export type Ranking = { order: Uint32Array; tieCounts: Int32Array; ranks: () => Int32Array };

/**
 * The smallest value and the number of integers from it to the largest, when every value is
 * an integer and that span is at most max(n, 2¹⁶) — ratings on a scale, counts — so that
 * counting sorts them in two sequential passes; otherwise null (radix sort).
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

/** Counting sort of integer values: per-value counts, then a stable scatter of the indices. */
function countingRanking(values: ArrayLike<number>, min: number, span: number): Ranking {
  const n = values.length;
  const counts = new Int32Array(span);
  for (let i = 0; i < n; i++) counts[values[i] - min]++;
  const denseOf = new Int32Array(span);
  const offsets = new Int32Array(span);
  const tieCounts: number[] = [];
  for (let v = 0, position = 0; v < span; v++) {
    if (counts[v] === 0) continue;
    denseOf[v] = tieCounts.length;
    offsets[v] = position;
    position += counts[v];
    tieCounts.push(counts[v]);
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[offsets[values[i] - min]++] = i;
  return {
    order,
    tieCounts: Int32Array.from(tieCounts),
    ranks: () => {
      const ranks = new Int32Array(n);
      for (let i = 0; i < n; i++) ranks[i] = denseOf[values[i] - min];
      return ranks;
    },
  };
}

/** Sorts and groups `values` (finite): counting sort for integers in a small span, else radix sort. */
export function rankValues(values: ArrayLike<number>): Ranking {
  const integers = integerSpan(values);
  if (integers) return countingRanking(values, integers.min, integers.span);
  const { order, hi, lo } = radixSort(values);
  const runs = new Int32Array(values.length);
  let nRuns = 0;
  for (let start = 0, k = 1; k <= values.length; k++) {
    if (k < values.length && hi[k] === hi[start] && lo[k] === lo[start]) continue;
    runs[nRuns++] = k - start;
    start = k;
  }
  const tieCounts = runs.slice(0, nRuns);
  return {
    order,
    tieCounts,
    ranks: () => {
      const ranks = new Int32Array(values.length);
      for (let r = 0, k = 0; r < tieCounts.length; r++) {
        for (const end = k + tieCounts[r]; k < end; k++) ranks[order[k]] = r;
      }
      return ranks;
    },
  };
}

/**
 * Dense ranks 0, 1, 2, … (equal values share a rank, no gaps), the size of each tie group
 * in ascending order of value, and the sorting order (order[k] = index of the k-th smallest).
 */
export function denseRanks(values: ArrayLike<number>): { ranks: Int32Array; tieCounts: number[]; order: Uint32Array } {
  const ranking = rankValues(values);
  return { ranks: ranking.ranks(), tieCounts: Array.from(ranking.tieCounts), order: ranking.order };
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
  const { order, hi, lo } = radixSort(values);
  forEachTieRun(hi, lo, (start, end) => {
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]] = rank;
  });
  return ranks;
}
