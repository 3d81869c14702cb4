/**
 * Percentiles by linear interpolation between order statistics — Hyndman & Fan (1996)
 * definition 7, numpy's default `np.percentile(x, p)` (method "linear"), reproduced to the
 * last bit: with x sorted ascending, q = p/100, h = (n − 1)·q, j = ⌊h⌋ and γ = h − j,
 *   P = x_j + (x_{j+1} − x_j)·γ            when γ < 0.5,
 *   P = x_{j+1} − (x_{j+1} − x_j)·(1 − γ)  when γ ≥ 0.5     (numpy's _lerp),
 * and x_{n−1} when h ≥ n − 1. So P(0) is the minimum, P(100) the maximum, P(50) the median.
 * Null for no values. Values must be finite and p within [0, 100].
 */
export function percentiles(values: ArrayLike<number>, ps: readonly number[]): number[] | null {
  for (const p of ps) {
    if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile ${p} is outside [0, 100]`);
  }
  const n = values.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(values);
  for (const v of sorted) {
    if (!Number.isFinite(v)) throw new RangeError("percentiles need finite values");
  }
  sorted.sort();
  return ps.map((p) => percentileOfSorted(sorted, p));
}

/** The numpy-linear percentile p (0–100) of values already sorted ascending, finite, n ≥ 1. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  const h = (n - 1) * (p / 100);
  if (h >= n - 1) return sorted[n - 1];
  const j = Math.floor(h);
  const gamma = h - j;
  const a = sorted[j];
  const b = sorted[j + 1];
  const diff = b - a;
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}
