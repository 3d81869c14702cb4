// Stable argsort of doubles by least-significant-digit radix sort, O(n) per pass with at
// most six passes of 11 bits (passes where every key shares the digit are skipped). It
// replaces comparison sorts and per-element binary searches in the rank computations,
// whose random memory access dominated at n ≥ 10⁶.

const BITS = 11;
const BUCKETS = 1 << BITS;
const MASK = BUCKETS - 1;

/** `order[k]` is the index of the k-th smallest value; `hi`/`lo` hold the sorted keys. */
export type SortedOrder = { order: Uint32Array; hi: Uint32Array; lo: Uint32Array };

/**
 * Sorts the indices of `values` ascending, keeping the order of equal values as given by
 * `initial` (default 0…n−1); so sorting by y, then by x from that order, sorts by (x, y).
 * Keys are the IEEE-754 bits mapped to unsigned integers in numeric order (negative: all
 * bits flipped; positive: sign bit flipped); −0 is read as +0 so that equal values have
 * equal keys. Values must be finite.
 */
export function radixSort(values: ArrayLike<number>, initial?: Uint32Array): SortedOrder {
  const n = values.length;
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const [loWord, hiWord] = littleEndian ? [0, 1] : [1, 0];
  let order = new Uint32Array(n);
  let hi = new Uint32Array(n);
  let lo = new Uint32Array(n);
  const counts = new Uint32Array(6 * BUCKETS);
  for (let k = 0; k < n; k++) {
    const index = initial ? initial[k] : k;
    const value = values[index];
    bits[0] = value === 0 ? 0 : value;
    let h = words[hiWord];
    let l = words[loWord];
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    order[k] = index;
    hi[k] = h;
    lo[k] = l;
    counts[l & MASK]++;
    counts[BUCKETS + ((l >>> BITS) & MASK)]++;
    counts[2 * BUCKETS + (l >>> (2 * BITS))]++;
    counts[3 * BUCKETS + (h & MASK)]++;
    counts[4 * BUCKETS + ((h >>> BITS) & MASK)]++;
    counts[5 * BUCKETS + (h >>> (2 * BITS))]++;
  }
  let nextOrder = new Uint32Array(n);
  let nextHi = new Uint32Array(n);
  let nextLo = new Uint32Array(n);
  const offsets = new Uint32Array(BUCKETS);
  for (let pass = 0; pass < 6; pass++) {
    const base = pass * BUCKETS;
    let sum = 0;
    let isTrivial = false;
    for (let b = 0; b < BUCKETS; b++) {
      const c = counts[base + b];
      if (c === n) isTrivial = true;
      offsets[b] = sum;
      sum += c;
    }
    if (isTrivial) continue;
    const source = pass < 3 ? lo : hi;
    const shift = (pass % 3) * BITS;
    for (let k = 0; k < n; k++) {
      const digit = (source[k] >>> shift) & MASK;
      const to = offsets[digit]++;
      nextOrder[to] = order[k];
      nextHi[to] = hi[k];
      nextLo[to] = lo[k];
    }
    [order, nextOrder] = [nextOrder, order];
    [hi, nextHi] = [nextHi, hi];
    [lo, nextLo] = [nextLo, lo];
  }
  return { order, hi, lo };
}

/**
 * Calls `visit(start, end)` for each run of equal keys in sorted keys (positions
 * start…end−1 of the sorted order).
 */
export function forEachTieRun(hi: Uint32Array, lo: Uint32Array, visit: (start: number, end: number) => void): void {
  const n = hi.length;
  let start = 0;
  for (let k = 1; k <= n; k++) {
    if (k === n || hi[k] !== hi[start] || lo[k] !== lo[start]) {
      visit(start, k);
      start = k;
    }
  }
}
