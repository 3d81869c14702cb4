const MIN_RUN = 16;

/**
 * Number of pairs i < j with a[i] > a[j] (strict: equal values are not inversions),
 * counted while sorting a copy: O(n log r) time for r ascending runs (at most O(n log n)),
 * O(n) extra space. Knight (1966), "A computer method for calculating Kendall's tau with
 * ungrouped data", with a natural merge sort: the ascending runs already present are found
 * (runs shorter than 16 are extended by insertion sort, each shift being one inversion),
 * then merged pairwise, each merge adding for every element taken from the right run the
 * number of elements still waiting in the left one.
 */
export function countInversions(values: ArrayLike<number>): number {
  return countInversionsInPlace(Int32Array.from(values));
}

/** countInversions, sorting `values` itself (no copy): for a sequence the caller no longer needs. */
export function countInversionsInPlace(values: Int32Array): number {
  const n = values.length;
  let source: Int32Array = values;
  let target: Int32Array = new Int32Array(n);
  let inversions = 0;
  let starts: number[] = [];
  for (let k = 0; k < n; ) {
    const start = k++;
    while (k < n && source[k] >= source[k - 1]) k++;
    if (k - start < MIN_RUN) {
      const end = Math.min(n, start + MIN_RUN);
      for (; k < end; k++) {
        const value = source[k];
        let p = k;
        while (p > start && source[p - 1] > value) {
          source[p] = source[p - 1];
          p--;
        }
        source[p] = value;
        inversions += k - p;
      }
    }
    starts.push(start);
  }
  while (starts.length > 1) {
    const merged: number[] = [];
    for (let r = 0; r < starts.length; r += 2) {
      const lo = starts[r];
      const mid = r + 1 < starts.length ? starts[r + 1] : n;
      const hi = r + 2 < starts.length ? starts[r + 2] : n;
      merged.push(lo);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (source[j] < source[i]) {
          inversions += mid - i;
          target[k++] = source[j++];
        } else {
          target[k++] = source[i++];
        }
      }
      while (i < mid) target[k++] = source[i++];
      while (j < hi) target[k++] = source[j++];
    }
    [source, target] = [target, source];
    starts = merged;
  }
  return inversions;
}
