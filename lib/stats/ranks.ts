import { forEachTieRun, radixSort } from "./radix-sort.ts";

/**
 * Dense ranks 0, 1, 2, … (equal values share a rank, no gaps), the size of each tie group
 * in ascending order of value, and the sorting order (order[k] = index of the k-th smallest).
 */
export function denseRanks(values: ArrayLike<number>): { ranks: Int32Array; tieCounts: number[]; order: Uint32Array } {
  const { order, hi, lo } = radixSort(values);
  const ranks = new Int32Array(values.length);
  const counts: number[] = [];
  forEachTieRun(hi, lo, (start, end) => {
    const rank = counts.length;
    for (let k = start; k < end; k++) ranks[order[k]] = rank;
    counts.push(end - start);
  });
  return { ranks, tieCounts: counts, order };
}

/**
 * Fractional ("average") ranks 1…n: tied values get the mean of the ranks they span, as
 * scipy.stats.rankdata(method="average"): a tie group at sorted positions s…e−1 gets
 * (s + 1 + e)/2.
 */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const { order, hi, lo } = radixSort(values);
  const ranks = new Float64Array(values.length);
  forEachTieRun(hi, lo, (start, end) => {
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]] = rank;
  });
  return ranks;
}
