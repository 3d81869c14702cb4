/**
 * numpy's pairwise summation (numpy/_core/src/umath/loops_utils.h.src, `pairwise_sum`), so
 * that means and harmonic sums round exactly as in the reference: runs under 8 summed in
 * order, up to 128 in eight interleaved partial sums, longer ones split in halves.
 */
export function numpySum(values: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[start + i];
    return sum;
  }
  if (n <= 128) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = values[start + j];
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j] += values[start + i + j];
    let sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; i++) sum += values[start + i];
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return numpySum(values, start, half) + numpySum(values, start + half, n - half);
}

/** numpy's reduction buffer: np.sum / np.mean of a long array add pairwise sums of 8192-element blocks in order. */
const NUMPY_BUFFER = 8192;

/**
 * np.sum(values) (also the sum inside np.mean) of a whole array, to the last bit at any
 * length: numpySum within each 8192-element block, the blocks' sums added in order.
 */
export function numpyArraySum(values: ArrayLike<number>): number {
  let sum = 0;
  for (let start = 0; start < values.length; start += NUMPY_BUFFER) sum += numpySum(values, start, Math.min(NUMPY_BUFFER, values.length - start));
  return sum;
}
