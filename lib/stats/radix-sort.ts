// Stable sort of doubles by radix sort, O(n) per pass. Each value's key is its IEEE-754 bits
// mapped to an unsigned 64-bit integer in numeric order, kept as a high and a low 32-bit
// word, and every pass carries the rest of the key and a 32-bit payload (the index, or what
// the caller needs in sorted order) along, so that nothing is ever read at random.
// - Long inputs are first split by the most significant 8 bits where their high words differ
//   (one pass, 256 buckets), again within buckets still longer than 2¹⁶, so that each bucket
//   is then sorted in cache: at 10⁷ values a pass over the whole input costs several times
//   a pass over cached data, and this keeps the time per value flat from 10⁶ to 10⁷.
// - A bucket is sorted least significant digit first, 8 bits at a time, by its high word's
//   varying bits and the low word's top 8 (digits every key shares are skipped), and the few
//   runs that share all those bits are ordered by the low word's other 24, already in place.
// 8-bit digits rather than 11: a pass writing three arrays through 2,048 buckets misses the
// TLB on nearly every write at 10⁷ (measured 3× slower per pass than through 256).

const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;
/** Sorts up to this length reuse module buffers (many small sorts: groups); longer ones allocate. */
const POOL_LIMIT = 1 << 16;
/** Buckets longer than this are split again by their top digit before being sorted (6 arrays × 4 B × 2¹⁶ ≈ L2). */
const SPLIT_ABOVE = 1 << 16;

/** Sorted keys (high and low words) and payloads, positions 0…n−1 of arrays that may be longer. */
export type SortedKeys = { n: number; hi: Uint32Array; lo: Uint32Array; payload: Uint32Array };

type Buffers = { hi: Uint32Array; lo: Uint32Array; payload: Uint32Array; hi2: Uint32Array; lo2: Uint32Array; payload2: Uint32Array };
let pool: Buffers | null = null;

function buffersFor(n: number): Buffers {
  const make = (size: number): Buffers => ({
    hi: new Uint32Array(size),
    lo: new Uint32Array(size),
    payload: new Uint32Array(size),
    hi2: new Uint32Array(size),
    lo2: new Uint32Array(size),
    payload2: new Uint32Array(size),
  });
  if (n > POOL_LIMIT) return make(n);
  if (pool === null || pool.hi.length < n) pool = make(Math.max(n, Math.min(POOL_LIMIT, 2 * (pool?.hi.length ?? 512))));
  return pool;
}

// The arrays of the sort under way: keys and payloads (A), and as many spare (B).
let aHi: Uint32Array = new Uint32Array(0);
let aLo = aHi;
let aPay = aHi;
let bHi = aHi;
let bLo = aHi;
let bPay = aHi;
const counts = new Uint32Array(5 * 256);
const offsets = new Uint32Array(256);

/** Called with each sorted segment of A in ascending order: equal keys never straddle two. */
export type SegmentVisitor = (hi: Uint32Array, lo: Uint32Array, payload: Uint32Array, start: number, end: number) => void;
let visitor: SegmentVisitor | null = null;
let top16: Uint32Array | null = null; // made on the first long sort, not at import (pages import lib/stats)

/** The high word of a value's key: sign bit flipped for positives, all bits for negatives; −0 as +0. */
function keyHigh(h: number, l: number): number {
  if (h & 0x80000000) return h === 0x80000000 && l === 0 ? 0x80000000 : ~h >>> 0;
  return (h | 0x80000000) >>> 0;
}

/** The low word of a value's key (flipped for negatives but −0). */
function keyLow(h: number, l: number): number {
  return h & 0x80000000 && !(h === 0x80000000 && l === 0) ? ~l >>> 0 : l;
}

/**
 * Sorts positions 0…n−1 of `values` (finite) ascending by value, stably, carrying
 * `payload[k]` (default k) along. −0 is read as +0, so that equal values have equal keys.
 * `visit`, when given, sees each sorted segment as soon as it is done (still in cache).
 * The result's arrays are the module's buffers when n ≤ 2¹⁶: valid until the next call.
 */
export function sortKeys(values: Float64Array, payload: Uint32Array | null = null, visit: SegmentVisitor | null = null): SortedKeys {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, 2 * n);
  const buffers = buffersFor(n);
  ({ hi: aHi, lo: aLo, payload: aPay, hi2: bHi, lo2: bLo, payload2: bPay } = buffers);
  visitor = visit;
  try {
    if (n > SPLIT_ABOVE) splitValues(words, n, payload);
    else {
      const [hi, lo, pay] = [aHi, aLo, aPay];
      let min = 0xffffffff;
      let max = 0;
      for (let k = 0; k < n; k++) {
        const h = keyHigh(words[2 * k + HI], words[2 * k + LO]);
        hi[k] = h;
        lo[k] = keyLow(words[2 * k + HI], words[2 * k + LO]);
        pay[k] = payload === null ? k : payload[k];
        if (h < min) min = h;
        if (h > max) max = h;
      }
      sortRange(0, n, min, max, false);
    }
    return { n, hi: aHi, lo: aLo, payload: aPay };
  } finally {
    aHi = aLo = aPay = bHi = bLo = bPay = new Uint32Array(0);
    visitor = null;
  }
}

/**
 * The first split of a long input, straight from the values: one pass for the range of
 * high words and a histogram of their top 16 bits (the split's bucket sizes when its digit
 * lies there, else one more pass), one pass computing the keys into their buckets of B.
 * The keys are never written in input order and read back.
 */
function splitValues(words: Uint32Array, n: number, payload: Uint32Array | null): void {
  let min = 0xffffffff;
  let max = 0;
  const histogram = (top16 ??= new Uint32Array(1 << 16));
  histogram.fill(0);
  for (let k = 0; k < n; k++) {
    const h = keyHigh(words[2 * k + HI], words[2 * k + LO]);
    if (h < min) min = h;
    if (h > max) max = h;
    histogram[h >>> 16]++;
  }
  const varying = min === max ? 0 : 32 - Math.clz32((min ^ max) >>> 0);
  const shift = Math.max(0, varying - 8);
  const bucketStarts = new Uint32Array(257);
  if (shift >= 16) {
    for (let t = 0; t < 1 << 16; t++) bucketStarts[((t >>> (shift - 16)) & 255) + 1] += histogram[t];
  } else {
    for (let k = 0; k < n; k++) bucketStarts[((keyHigh(words[2 * k + HI], words[2 * k + LO]) >>> shift) & 255) + 1]++;
  }
  const next = new Uint32Array(256);
  for (let b = 0; b < 256; b++) {
    bucketStarts[b + 1] += bucketStarts[b];
    next[b] = bucketStarts[b];
  }
  const [hi, lo, pay] = [bHi, bLo, bPay];
  for (let k = 0; k < n; k++) {
    const h = keyHigh(words[2 * k + HI], words[2 * k + LO]);
    const to = next[(h >>> shift) & 255]++;
    hi[to] = h;
    lo[to] = keyLow(words[2 * k + HI], words[2 * k + LO]);
    pay[to] = payload === null ? k : payload[k];
  }
  sortBuckets(bucketStarts, shift, true);
}

/** Sorts each bucket of a split by `shift` (its keys in B when `isInB`), in ascending order, into A. */
function sortBuckets(bucketStarts: Uint32Array, shift: number, isInB: boolean): void {
  const hi = isInB ? bHi : aHi;
  const below = shift === 0 ? 0 : 0xffffffff >>> (32 - shift);
  for (let b = 0; b < 256; b++) {
    const from = bucketStarts[b];
    const to = bucketStarts[b + 1];
    if (to === from) continue;
    // Within the bucket the bits from `shift` up are equal: its range of high words is that
    // prefix with anything below (the exact min and max need not be known).
    const prefix = (hi[from] & ~below) >>> 0;
    sortRange(from, to, prefix, (prefix | below) >>> 0, isInB);
  }
}

/**
 * Sorts positions start…end−1, which are in B when `isInB` (else in A) and whose high words
 * lie in min…max, leaving them sorted in A.
 */
function sortRange(start: number, end: number, min: number, max: number, isInB: boolean): void {
  if (end - start <= 32) {
    if (isInB) copyToA(start, end);
    insertionSort(start, end);
    visitor?.(aHi, aLo, aPay, start, end);
    return;
  }
  // Bits of the high word that vary here: those at and below the highest where min and max differ.
  const varying = min === max ? 0 : 32 - Math.clz32((min ^ max) >>> 0);
  if (end - start > SPLIT_ABOVE && varying > 0) split(start, end, Math.max(0, varying - 8), isInB);
  else sortBucket(start, end, varying, isInB);
}

function copyToA(start: number, end: number): void {
  aHi.set(bHi.subarray(start, end), start);
  aLo.set(bLo.subarray(start, end), start);
  aPay.set(bPay.subarray(start, end), start);
}

/** One stable pass by the 8 bits of the high word from `shift` up, into the other buffers; then each bucket sorted on its own. */
function split(start: number, end: number, shift: number, isInB: boolean): void {
  const [hi, lo, pay, hi2, lo2, pay2] = isInB ? [bHi, bLo, bPay, aHi, aLo, aPay] : [aHi, aLo, aPay, bHi, bLo, bPay];
  const bucketStarts = new Uint32Array(257);
  for (let k = start; k < end; k++) bucketStarts[((hi[k] >>> shift) & 255) + 1]++;
  bucketStarts[0] = start;
  const next = new Uint32Array(256);
  for (let b = 0; b < 256; b++) {
    bucketStarts[b + 1] += bucketStarts[b];
    next[b] = bucketStarts[b];
  }
  for (let k = start; k < end; k++) {
    const h = hi[k];
    const to = next[(h >>> shift) & 255]++;
    hi2[to] = h;
    lo2[to] = lo[k];
    pay2[to] = pay[k];
  }
  sortBuckets(bucketStarts, shift, !isInB);
}

/**
 * Least significant digit first over positions start…end−1: the high word's lowest `varying`
 * bits (the ones above are equal here), 8 at a time, preceded by the low word's top 8 bits
 * when the bucket is dense (more values than high words it can hold: long runs of equal high
 * words otherwise); then runs equal in all of those are ordered by the low word.
 */
function sortBucket(start: number, end: number, varying: number, isInB: boolean): void {
  let [hi, lo, pay, hi2, lo2, pay2] = isInB ? [bHi, bLo, bPay, aHi, aLo, aPay] : [aHi, aLo, aPay, bHi, bLo, bPay];
  const hasLowDigit = end - start > 2 ** varying;
  const first = hasLowDigit ? 0 : 1;
  const digits = 1 + Math.ceil(varying / 8);
  counts.fill(0, 0, digits * 256);
  if (hasLowDigit) for (let k = start; k < end; k++) counts[lo[k] >>> 24]++;
  for (let digit = 1; digit < digits; digit++) {
    const base = digit * 256;
    const shift = (digit - 1) * 8;
    for (let k = start; k < end; k++) counts[base + ((hi[k] >>> shift) & 255)]++;
  }
  for (let digit = first; digit < digits; digit++) {
    if (!prefixSums(digit * 256, start, end)) continue;
    if (digit === 0) {
      for (let k = start; k < end; k++) {
        const l = lo[k];
        const to = offsets[l >>> 24]++;
        hi2[to] = hi[k];
        lo2[to] = l;
        pay2[to] = pay[k];
      }
    } else {
      const shift = (digit - 1) * 8;
      for (let k = start; k < end; k++) {
        const h = hi[k];
        const to = offsets[(h >>> shift) & 255]++;
        hi2[to] = h;
        lo2[to] = lo[k];
        pay2[to] = pay[k];
      }
    }
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
    [pay, pay2] = [pay2, pay];
  }
  if (hi === bHi) copyToA(start, end);
  const runMask = hasLowDigit ? 0xff000000 : 0;
  for (let from = start, k = start + 1; k <= end; k++) {
    if (k < end && aHi[k] === aHi[from] && (aLo[k] & runMask) === (aLo[from] & runMask)) continue;
    if (k - from > 1) sortRunByLowWord(from, k);
    from = k;
  }
  visitor?.(aHi, aLo, aPay, start, end);
}

/** Offsets of each digit's bucket (from `start`); false when every key shares the digit (nothing to move). */
function prefixSums(base: number, start: number, end: number): boolean {
  let sum = start;
  for (let b = 0; b < 256; b++) {
    const c = counts[base + b];
    if (c === end - start) return false;
    offsets[b] = sum;
    sum += c;
  }
  return true;
}

/** Stable insertion sort of positions start…end−1 of A by (high, low) word. */
function insertionSort(start: number, end: number): void {
  const hi = aHi;
  const lo = aLo;
  const pay = aPay;
  for (let k = start + 1; k < end; k++) {
    const h = hi[k];
    const l = lo[k];
    const value = pay[k];
    let p = k;
    for (; p > start && (hi[p - 1] > h || (hi[p - 1] === h && lo[p - 1] > l)); p--) {
      hi[p] = hi[p - 1];
      lo[p] = lo[p - 1];
      pay[p] = pay[p - 1];
    }
    hi[p] = h;
    lo[p] = l;
    pay[p] = value;
  }
}

/** Stable sort of positions start…end−1 of A (equal high words) by low word: insertion when short, else radix through B. */
function sortRunByLowWord(start: number, end: number): void {
  const lo = aLo;
  const pay = aPay;
  let isSorted = true;
  for (let k = start + 1; k < end && isSorted; k++) isSorted = lo[k] >= lo[k - 1];
  if (isSorted) return;
  if (end - start <= 32) {
    for (let k = start + 1; k < end; k++) {
      const key = lo[k];
      const value = pay[k];
      let p = k;
      for (; p > start && lo[p - 1] > key; p--) {
        lo[p] = lo[p - 1];
        pay[p] = pay[p - 1];
      }
      lo[p] = key;
      pay[p] = value;
    }
    return;
  }
  // Four 8-bit passes: an even number, so the run ends back in A.
  const runCounts = new Uint32Array(4 * 256);
  for (let k = start; k < end; k++) {
    const l = lo[k];
    runCounts[l & 255]++;
    runCounts[256 + ((l >>> 8) & 255)]++;
    runCounts[512 + ((l >>> 16) & 255)]++;
    runCounts[768 + (l >>> 24)]++;
  }
  let [fromLo, fromPay, toLo, toPay] = [lo, pay, bLo, bPay];
  const runOffsets = new Uint32Array(256);
  for (let pass = 0; pass < 4; pass++) {
    let sum = start;
    for (let b = 0; b < 256; b++) {
      runOffsets[b] = sum;
      sum += runCounts[pass * 256 + b];
    }
    const shift = pass * 8;
    for (let k = start; k < end; k++) {
      const l = fromLo[k];
      const to = runOffsets[(l >>> shift) & 255]++;
      toLo[to] = l;
      toPay[to] = fromPay[k];
    }
    [fromLo, toLo] = [toLo, fromLo];
    [fromPay, toPay] = [toPay, fromPay];
  }
}

/** `order[k]` is the index of the k-th smallest value; `hi`/`lo` hold the sorted keys (equal exactly when the values are). */
export type SortedOrder = { order: Uint32Array; hi: Uint32Array; lo: Uint32Array };

/**
 * Stable argsort: `order[k]` is the index of the k-th smallest value, equal values keeping
 * the order given by `initial` (default 0…n−1), so that sorting by y, then by x from that
 * order, sorts by (x, y). `hi`/`lo` hold the sorted keys. Values must be finite.
 */
export function radixSort(values: ArrayLike<number>, initial?: Uint32Array): SortedOrder {
  const n = values.length;
  let doubles: Float64Array;
  if (initial) {
    doubles = new Float64Array(n);
    for (let k = 0; k < n; k++) doubles[k] = values[initial[k]];
  } else doubles = values instanceof Float64Array ? values : Float64Array.from(values);
  const sorted = sortKeys(doubles, initial ?? null);
  return { order: sorted.payload.slice(0, n), hi: sorted.hi.slice(0, n), lo: sorted.lo.slice(0, n) };
}
