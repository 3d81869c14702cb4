// Stable argsort of doubles by radix sort, O(n) per pass: three least-significant-digit
// passes of 11 bits over the high 32 bits of the keys (passes where every key shares the
// digit are skipped), then each run of equal high words sorted by the low 32 bits. It
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
  // The keys come from the values' own bits, read through a 32-bit view of a float64 copy
  // (one monomorphic pass, whatever kind of array was given).
  const doubles = values instanceof Float64Array ? values : Float64Array.from(values);
  const words = new Uint32Array(doubles.buffer, doubles.byteOffset, 2 * n);
  let order = new Uint32Array(n);
  let hi = new Uint32Array(n);
  const counts = new Uint32Array(3 * BUCKETS);
  for (let k = 0; k < n; k++) {
    const index = initial ? initial[k] : k;
    let h = words[2 * index + HI];
    if (h === 0x80000000 && words[2 * index + LO] === 0) h = 0; // −0 as +0
    h = h & 0x80000000 ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    order[k] = index;
    hi[k] = h;
    counts[h & MASK]++;
    counts[BUCKETS + ((h >>> BITS) & MASK)]++;
    counts[2 * BUCKETS + (h >>> (2 * BITS))]++;
  }
  // Most significant word first: three passes over (order, high word)…
  let nextOrder = new Uint32Array(n);
  let nextHi = new Uint32Array(n);
  const offsets = new Uint32Array(BUCKETS);
  for (let pass = 0; pass < 3; pass++) {
    if (!prefixSums(counts, pass * BUCKETS, n, offsets)) continue;
    const shift = pass * BITS;
    for (let k = 0; k < n; k++) {
      const to = offsets[(hi[k] >>> shift) & MASK]++;
      nextOrder[to] = order[k];
      nextHi[to] = hi[k];
    }
    [order, nextOrder] = [nextOrder, order];
    [hi, nextHi] = [nextHi, hi];
  }
  // …then each run of equal high words ordered by the low word, which only those runs need
  // (continuous data: runs of one or two; many ties: runs whose low words are all equal).
  const lo = new Uint32Array(n);
  for (let start = 0, k = 1; k <= n; k++) {
    if (k < n && hi[k] === hi[start]) continue;
    if (k - start > 1) sortRunByLowWord(words, order, lo, start, k);
    start = k;
  }
  return { order, hi, lo };
}

const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

/** Offsets of each digit's bucket; false when every key shares the digit (nothing to move). */
function prefixSums(counts: Uint32Array, base: number, n: number, offsets: Uint32Array): boolean {
  let sum = 0;
  for (let b = 0; b < BUCKETS; b++) {
    const c = counts[base + b];
    if (c === n) return false;
    offsets[b] = sum;
    sum += c;
  }
  return true;
}

/** The low word of a value's key (flipped for negatives, 0 for −0), as the high word's mapping. */
function lowKey(words: Uint32Array, index: number): number {
  const h = words[2 * index + HI];
  const l = words[2 * index + LO];
  if (h === 0x80000000 && l === 0) return 0;
  return h & 0x80000000 ? ~l >>> 0 : l;
}

/** Stable sort of positions start…end−1 (equal high words) by low word: insertion, or radix when long. */
function sortRunByLowWord(words: Uint32Array, order: Uint32Array, lo: Uint32Array, start: number, end: number): void {
  let isConstant = true;
  for (let k = start; k < end; k++) {
    lo[k] = lowKey(words, order[k]);
    if (lo[k] !== lo[start]) isConstant = false;
  }
  if (isConstant) return;
  const m = end - start;
  if (m <= 32) {
    for (let k = start + 1; k < end; k++) {
      const key = lo[k];
      const index = order[k];
      let p = k;
      for (; p > start && lo[p - 1] > key; p--) {
        lo[p] = lo[p - 1];
        order[p] = order[p - 1];
      }
      lo[p] = key;
      order[p] = index;
    }
    return;
  }
  const counts = new Uint32Array(3 * BUCKETS);
  for (let k = start; k < end; k++) {
    const l = lo[k];
    counts[l & MASK]++;
    counts[BUCKETS + ((l >>> BITS) & MASK)]++;
    counts[2 * BUCKETS + (l >>> (2 * BITS))]++;
  }
  let runOrder = order.slice(start, end);
  let runLo = lo.slice(start, end);
  let nextOrder = new Uint32Array(m);
  let nextLo = new Uint32Array(m);
  const offsets = new Uint32Array(BUCKETS);
  for (let pass = 0; pass < 3; pass++) {
    if (!prefixSums(counts, pass * BUCKETS, m, offsets)) continue;
    const shift = pass * BITS;
    for (let k = 0; k < m; k++) {
      const to = offsets[(runLo[k] >>> shift) & MASK]++;
      nextOrder[to] = runOrder[k];
      nextLo[to] = runLo[k];
    }
    [runOrder, nextOrder] = [nextOrder, runOrder];
    [runLo, nextLo] = [nextLo, runLo];
  }
  order.set(runOrder, start);
  lo.set(runLo, start);
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
