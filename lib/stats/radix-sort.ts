// Stable sort of doubles by radix sort, O(n) per pass. Each value's key is its IEEE-754 bits
// mapped to an unsigned 64-bit integer in numeric order, kept as a high and a low 32-bit
// word, and every pass carries the rest of the key and a 32-bit payload (the index, or what
// the caller needs in sorted order) along, so that nothing is ever read at random.
// - Long inputs are first split into up to 256 buckets of about n/256 values each (one pass),
//   so that each bucket is then sorted in cache: at 10⁷ values a pass over the whole input
//   costs several times a pass over cached data. The split's boundaries come from a
//   histogram of the top 16 bits in which the high words of a sample vary (one read pass), so that
//   skewed data (scores crowded below 1) needs no second split; a bucket still longer than
//   2¹⁶ (one histogram cell holding that many values) is split again by its own top digit.
// - A bucket is sorted least significant digit first, up to 11 bits at a time (13 past 2¹⁴
//   values), by as many of the low word's top bits as make the keys some 8 times as many as
//   the values (none for a sparse bucket), then by its high words less the bucket's smallest (digits every key
//   shares are skipped); the few runs that share all those bits are ordered by the rest of
//   the low word, already in place.
// - visitSorted does not keep the sorted whole: each bucket is sorted in a scratch of the
//   largest bucket's size and handed to the caller, so a long sort touches 12 bytes of fresh
//   memory per value, not 24 (on a busy machine the page faults of fresh arrays cost as
//   much as a pass).
// The split over the whole input uses 256 buckets rather than 2,048: a pass writing three
// arrays through 2,048 buckets misses the TLB on nearly every write at 10⁷ (measured 3× slower
// per pass than through 256); within a bucket in cache, wider digits cost little.

const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;
/** Sorts up to this length reuse module buffers (many small sorts: groups); longer ones allocate. */
const POOL_LIMIT = 1 << 16;
/** Values sampled for the range of the first split's histogram. */
const SAMPLE = 4096;
/** Buckets longer than this are split again by their top digit before being sorted (6 arrays × 4 B × 2¹⁶ ≈ L2). */
const SPLIT_ABOVE = 1 << 16;

/**
 * Widest digit of a bucket's passes (bucket sorts run in cache, where more buckets per pass
 * cost little), and of a bucket longer than WIDE_ABOVE (its count table no longer than it).
 */
const DIGIT_BITS = 11;
const WIDE_DIGIT_BITS = 13;
const WIDE_ABOVE = 1 << 14;
/**
 * A bucket is sorted by as many of the low word's top bits as make its keys about 2^EXTRA_BITS
 * times as many as its values: the runs still equal in all those bits are then short.
 */
const EXTRA_BITS = 3;

/** Sorted keys (high and low words) and payloads, positions 0…n−1 of arrays that may be longer. */
export type SortedKeys = { n: number; hi: Uint32Array; lo: Uint32Array; payload: Uint32Array };

type Buffers = { hi: Uint32Array; lo: Uint32Array; payload: Uint32Array; hi2: Uint32Array; lo2: Uint32Array; payload2: Uint32Array };
let pool: Buffers | null = null;

function make(size: number): Buffers {
  return {
    hi: new Uint32Array(size),
    lo: new Uint32Array(size),
    payload: new Uint32Array(size),
    hi2: new Uint32Array(size),
    lo2: new Uint32Array(size),
    payload2: new Uint32Array(size),
  };
}

function buffersFor(n: number): Buffers {
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
const counts = new Uint32Array(1 << WIDE_DIGIT_BITS);

/**
 * Sees each sorted segment, start…end−1 of the arrays given, in ascending order: equal keys
 * never straddle two. The segment's values are at sorted positions offset + start …
 * offset + end − 1 of the whole. An object with a method rather than a closure: the sort's
 * call site then stays optimized across calls (a new closure per call is a new call target,
 * and V8 throws the sort's optimized code away on each).
 */
export interface SegmentVisitor {
  segment(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array, start: number, end: number, offset: number): void;
}
let visitor: SegmentVisitor | null = null;
/** Sorted position of A's position 0 (a bucket sorted in a scratch, by visitSorted). */
let visitOffset = 0;
let histogram: Uint32Array | null = null; // made on the first long sort, not at import (pages import lib/stats)
let bucketOfCell: Uint8Array | null = null;

/** The high word of a value's key: sign bit flipped for positives, all bits for negatives; −0 as +0. */
function keyHigh(h: number, l: number): number {
  if (h & 0x80000000) return h === 0x80000000 && l === 0 ? 0x80000000 : ~h >>> 0;
  return (h | 0x80000000) >>> 0;
}

/** The low word of a value's key (flipped for negatives but −0). */
function keyLow(h: number, l: number): number {
  return h & 0x80000000 && !(h === 0x80000000 && l === 0) ? ~l >>> 0 : l;
}

/** Number of bits needed for 0…range (0 for 0). */
function bitLength(range: number): number {
  return range === 0 ? 0 : 32 - Math.clz32(range);
}

/**
 * 2³² − min as an unsigned word: (h + bias) >>> s is (h − min) >>> s for h ≥ min, and V8
 * adds two unsigned words as machine words where it subtracts them as doubles.
 */
function biasOf(min: number): number {
  return (0x100000000 - min) >>> 0;
}

/**
 * Sorts positions 0…n−1 of `values` (finite) ascending by value, stably, carrying
 * `payload[k]` (default k) along. −0 is read as +0, so that equal values have equal keys.
 * `visit`, when given, sees each sorted segment as soon as it is done (still in cache).
 * The result's arrays are the module's buffers when n ≤ 2¹⁶: valid until the next call.
 */
export function sortKeys(values: Float64Array, payload: Uint32Array | null = null, visit: SegmentVisitor | null = null): SortedKeys {
  const n = values.length;
  const buffers = buffersFor(n);
  ({ hi: aHi, lo: aLo, payload: aPay, hi2: bHi, lo2: bLo, payload2: bPay } = buffers);
  visitor = visit;
  visitOffset = 0;
  try {
    sortInto(values, payload, false);
    return { n, hi: aHi, lo: aLo, payload: aPay };
  } finally {
    aHi = aLo = aPay = bHi = bLo = bPay = new Uint32Array(0);
    visitor = null;
  }
}

/**
 * The sorted segments of sortKeys(values, payload), in ascending order, handed to `visit`
 * without keeping the sorted whole (see SegmentVisitor): a long input's buckets are each
 * sorted in a scratch the size of the largest, which `visit` sees at offset 0.
 */
export function visitSorted(values: Float64Array, payload: Uint32Array | null, visit: SegmentVisitor): void {
  const n = values.length;
  if (n <= SPLIT_ABOVE) {
    sortKeys(values, payload, visit);
    return;
  }
  visitor = visit;
  visitOffset = 0;
  // B holds the split; A, set per bucket, is the scratch.
  bHi = new Uint32Array(n);
  bLo = new Uint32Array(n);
  bPay = new Uint32Array(n);
  aHi = aLo = aPay = new Uint32Array(0);
  try {
    sortInto(values, payload, true);
  } finally {
    aHi = aLo = aPay = bHi = bLo = bPay = new Uint32Array(0);
    visitor = null;
    visitOffset = 0;
  }
}

/** Sorts the values (with their payloads) into A, or bucket by bucket into a scratch when `isScratch`. */
function sortInto(values: Float64Array, payload: Uint32Array | null, isScratch: boolean): void {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, 2 * n);
  if (n > SPLIT_ABOVE) splitValues(words, n, payload, isScratch);
  else {
    const min = keysInto(words, n, payload, aHi, aLo, aPay);
    sortRange(0, n, min, rangeMax, false);
  }
}

/** The largest high word seen by the last keysInto, sampledRange or countCells. */
let rangeMax = 0;

/** Each value's key and payload into hi, lo and pay, in input order; returns the smallest high word (largest in rangeMax). */
function keysInto(words: Uint32Array, n: number, payload: Uint32Array | null, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array): number {
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
  rangeMax = max;
  return min;
}

/** The smallest high word of every `step`-th value (the largest in rangeMax). */
function sampledRange(words: Uint32Array, n: number, step: number): number {
  let min = 0xffffffff;
  let max = 0;
  for (let k = 0; k < n; k += step) {
    const h = keyHigh(words[2 * k + HI], words[2 * k + LO]);
    if (h < min) min = h;
    if (h > max) max = h;
  }
  rangeMax = max;
  return min;
}

/**
 * Counts of the values per cell, (high word − low) >>> cellShift for high words in
 * low…high, the first cell for those below and the last for those above; returns the
 * smallest high word (the largest in rangeMax).
 */
function countCells(words: Uint32Array, n: number, low: number, high: number, cellShift: number, counted: Uint32Array): number {
  const bias = biasOf(low);
  const last = (high - low) >>> cellShift;
  let min = 0xffffffff;
  let max = 0;
  for (let k = 0; k < n; k++) {
    const h = keyHigh(words[2 * k + HI], words[2 * k + LO]);
    if (h < min) min = h;
    if (h > max) max = h;
    counted[h <= low ? 0 : h >= high ? last : (h + bias) >>> cellShift]++;
  }
  rangeMax = max;
  return min;
}

/** Each value's key and payload into its bucket's next place in hi, lo and pay (cells as countCells). */
function scatterValues(words: Uint32Array, n: number, payload: Uint32Array | null, low: number, high: number, cellShift: number, bucketOf: Uint8Array, next: Uint32Array, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array): void {
  const bias = biasOf(low);
  const last = (high - low) >>> cellShift;
  for (let k = 0; k < n; k++) {
    const h = keyHigh(words[2 * k + HI], words[2 * k + LO]);
    const to = next[bucketOf[h <= low ? 0 : h >= high ? last : (h + bias) >>> cellShift]]++;
    hi[to] = h;
    lo[to] = keyLow(words[2 * k + HI], words[2 * k + LO]);
    pay[to] = payload === null ? k : payload[k];
  }
}

/**
 * The first split of a long input, straight from the values into B: one pass for the range
 * of high words, one for a histogram of the top 16 bits in which they vary, cut into up to
 * 256 buckets of about n/256 values each (cells in order, so that every key of a bucket is
 * below every key of the next), and one pass computing the keys into their buckets. The keys
 * are never written in input order and read back. Each bucket is then sorted (into A, or into
 * a scratch and visited, when `isScratch`).
 */
function splitValues(words: Uint32Array, n: number, payload: Uint32Array | null, isScratch: boolean): void {
  // Cells over the range of a sample (no pass over all values for it); values outside fall
  // into the first or last cell, whose buckets then reach to the exact minimum and maximum.
  const low = sampledRange(words, n, Math.max(1, Math.floor(n / SAMPLE)));
  const high = rangeMax;
  const cellShift = Math.max(0, bitLength(high - low) - 16);
  const cells = ((high - low) >>> cellShift) + 1;
  const counted = (histogram ??= new Uint32Array(1 << 16));
  counted.fill(0, 0, cells);
  const min = countCells(words, n, low, high, cellShift, counted);
  const max = rangeMax;
  // A cell goes to the bucket where its first value's sorted position falls (n/256 positions
  // each): buckets in key order, each at most n/256 values plus its last cell.
  const bucketOf = (bucketOfCell ??= new Uint8Array(1 << 16));
  const bucketStarts = new Uint32Array(257);
  const firstCell = new Int32Array(256).fill(-1);
  const lastCell = new Int32Array(256);
  for (let c = 0, before = 0; c < cells; c++) {
    const b = Math.min(255, Math.floor((before * 256) / n));
    bucketOf[c] = b;
    const count = counted[c];
    if (count === 0) continue;
    if (firstCell[b] < 0) firstCell[b] = c;
    lastCell[b] = c;
    bucketStarts[b + 1] += count;
    before += count;
  }
  const next = new Uint32Array(256);
  let largest = 0;
  for (let b = 0; b < 256; b++) {
    largest = Math.max(largest, bucketStarts[b + 1]);
    bucketStarts[b + 1] += bucketStarts[b];
    next[b] = bucketStarts[b];
  }
  scatterValues(words, n, payload, low, high, cellShift, bucketOf, next, bHi, bLo, bPay);
  const scratch = !isScratch ? null : largest <= POOL_LIMIT ? buffersFor(largest) : { hi: new Uint32Array(largest), lo: new Uint32Array(largest), payload: new Uint32Array(largest) };
  const [splitHi, splitLo, splitPay] = [bHi, bLo, bPay];
  for (let b = 0; b < 256; b++) {
    const from = bucketStarts[b];
    const to = bucketStarts[b + 1];
    if (to === from) continue;
    // The bucket's high words lie within its first and last cells (the first and last reaching to min and max).
    const bucketLow = firstCell[b] === 0 ? min : low + firstCell[b] * 2 ** cellShift;
    const bucketHigh = lastCell[b] === cells - 1 ? max : low + (lastCell[b] + 1) * 2 ** cellShift - 1;
    if (scratch === null) sortRange(from, to, bucketLow, bucketHigh, true);
    else {
      bHi = splitHi.subarray(from, to);
      bLo = splitLo.subarray(from, to);
      bPay = splitPay.subarray(from, to);
      ({ hi: aHi, lo: aLo, payload: aPay } = scratch);
      visitOffset = from;
      sortRange(0, to - from, bucketLow, bucketHigh, true);
    }
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
    visitor?.segment(aHi, aLo, aPay, start, end, visitOffset);
    return;
  }
  // Bits of the high word less min that vary here.
  const varying = bitLength(max - min);
  if (end - start > SPLIT_ABOVE && varying > 8) split(start, end, min, max, varying - 8, isInB);
  else {
    const lowBits = lowBitsFor(end - start, varying);
    if (isInB) sortBucket(start, end, min, varying, lowBits, bHi, bLo, bPay, aHi, aLo, aPay);
    else sortBucket(start, end, min, varying, lowBits, aHi, aLo, aPay, bHi, bLo, bPay);
    orderRuns(start, end, lowBits === 0 ? 0 : (0xffffffff << (32 - lowBits)) >>> 0, aHi, aLo, aPay);
    visitor?.segment(aHi, aLo, aPay, start, end, visitOffset);
  }
}

function copyToA(start: number, end: number): void {
  aHi.set(bHi.subarray(start, end), start);
  aLo.set(bLo.subarray(start, end), start);
  aPay.set(bPay.subarray(start, end), start);
}

/** One stable pass by the 8 bits of (high word − min) from `shift` up, into the other buffers; then each bucket sorted on its own. */
function split(start: number, end: number, min: number, max: number, shift: number, isInB: boolean): void {
  const bucketStarts = new Uint32Array(257);
  if (isInB) splitPass(start, end, biasOf(min), shift, bucketStarts, bHi, bLo, bPay, aHi, aLo, aPay);
  else splitPass(start, end, biasOf(min), shift, bucketStarts, aHi, aLo, aPay, bHi, bLo, bPay);
  for (let b = 0; b < 256; b++) {
    const from = bucketStarts[b];
    const to = bucketStarts[b + 1];
    if (to === from) continue;
    const low = min + b * 2 ** shift;
    sortRange(from, to, low, Math.min(max, low + 2 ** shift - 1), !isInB);
  }
}

function splitPass(start: number, end: number, bias: number, shift: number, bucketStarts: Uint32Array, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array, hi2: Uint32Array, lo2: Uint32Array, pay2: Uint32Array): void {
  for (let k = start; k < end; k++) bucketStarts[((hi[k] + bias) >>> shift) + 1]++;
  bucketStarts[0] = start;
  const next = new Uint32Array(256);
  for (let b = 0; b < 256; b++) {
    bucketStarts[b + 1] += bucketStarts[b];
    next[b] = bucketStarts[b];
  }
  for (let k = start; k < end; k++) {
    const h = hi[k];
    const to = next[(h + bias) >>> shift]++;
    hi2[to] = h;
    lo2[to] = lo[k];
    pay2[to] = pay[k];
  }
}

/** How many of the low word's top bits a bucket of `length` values whose high words vary in `varying` bits is sorted by. */
function lowBitsFor(length: number, varying: number): number {
  return Math.max(0, Math.min(32, bitLength(length) + EXTRA_BITS - varying));
}

/**
 * Least significant digit first over positions start…end−1 of hi, lo and pay (A or B, the
 * other three arrays being the spare), leaving them in A: the low word's top `lowBits` bits,
 * then the lowest `varying` bits of (high word − min) (the high words lie in
 * min…min + 2^varying − 1), each part in as few passes of at most DIGIT_BITS bits as it
 * needs (WIDE_DIGIT_BITS for a bucket longer than WIDE_ABOVE: at 10⁷ values one pass less); a pass whose digit every key shares moves nothing. orderRuns then orders the runs
 * equal in all of those by the rest of the low word.
 */
function sortBucket(start: number, end: number, min: number, varying: number, lowBits: number, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array, hi2: Uint32Array, lo2: Uint32Array, pay2: Uint32Array): void {
  const bias = biasOf(min);
  const widest = end - start > WIDE_ABOVE ? WIDE_DIGIT_BITS : DIGIT_BITS;
  const lowPasses = Math.ceil(lowBits / widest);
  const highPasses = Math.ceil(varying / widest);
  for (let pass = 0; pass < lowPasses + highPasses; pass++) {
    const isLow = pass < lowPasses;
    const width = isLow ? Math.ceil(lowBits / lowPasses) : Math.ceil(varying / highPasses);
    const shift = isLow ? 32 - lowBits + pass * width : (pass - lowPasses) * width;
    const mask = (1 << width) - 1;
    const isMoved = isLow ? lowDigitPass(start, end, shift, mask, hi, lo, pay, hi2, lo2, pay2) : highDigitPass(start, end, bias, shift, mask, hi, lo, pay, hi2, lo2, pay2);
    if (!isMoved) continue;
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
    [pay, pay2] = [pay2, pay];
  }
  if (hi === bHi) copyToA(start, end);
}

/** Counts of each digit value, then where each starts (from `start`); false when every key shares the digit. */
function startsOf(size: number, start: number, end: number): boolean {
  let sum = start;
  for (let d = 0; d < size; d++) {
    const c = counts[d];
    if (c === end - start) return false;
    counts[d] = sum;
    sum += c;
  }
  return true;
}

/** One stable pass by the low word's bits from `shift` (under `mask`), into the spare arrays; false when nothing moved. */
function lowDigitPass(start: number, end: number, shift: number, mask: number, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array, hi2: Uint32Array, lo2: Uint32Array, pay2: Uint32Array): boolean {
  counts.fill(0, 0, mask + 1);
  for (let k = start; k < end; k++) counts[(lo[k] >>> shift) & mask]++;
  if (!startsOf(mask + 1, start, end)) return false;
  for (let k = start; k < end; k++) {
    const l = lo[k];
    const to = counts[(l >>> shift) & mask]++;
    hi2[to] = hi[k];
    lo2[to] = l;
    pay2[to] = pay[k];
  }
  return true;
}

/** One stable pass by the bits of (high word − min) from `shift` (under `mask`), into the spare arrays; false when nothing moved. */
function highDigitPass(start: number, end: number, bias: number, shift: number, mask: number, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array, hi2: Uint32Array, lo2: Uint32Array, pay2: Uint32Array): boolean {
  counts.fill(0, 0, mask + 1);
  for (let k = start; k < end; k++) counts[((hi[k] + bias) >>> shift) & mask]++;
  if (!startsOf(mask + 1, start, end)) return false;
  for (let k = start; k < end; k++) {
    const h = hi[k];
    const to = counts[((h + bias) >>> shift) & mask]++;
    hi2[to] = h;
    lo2[to] = lo[k];
    pay2[to] = pay[k];
  }
  return true;
}

/** Orders by low word each run of A's positions start…end−1 equal in high word and in the low word's `runMask` bits. */
function orderRuns(start: number, end: number, runMask: number, hi: Uint32Array, lo: Uint32Array, pay: Uint32Array): void {
  for (let from = start, k = start + 1; k <= end; k++) {
    if (k < end && hi[k] === hi[from] && (lo[k] & runMask) === (lo[from] & runMask)) continue;
    if (k - from === 2) {
      // The commonest run where few values share a high word: a pair, swapped if out of order.
      const l = lo[from + 1];
      if (l < lo[from]) {
        lo[from + 1] = lo[from];
        lo[from] = l;
        const p = pay[from + 1];
        pay[from + 1] = pay[from];
        pay[from] = p;
      }
    } else if (k - from > 2) sortRunByLowWord(from, k);
    from = k;
  }
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
