// Isotonic (monotone non-decreasing) calibration of one score onto another, as scikit-learn
// 1.2's IsotonicRegression(increasing=True, out_of_bounds="clip"), step by step so that the
// thresholds agree to the last bit: sort by (x, y), merge tied x into the weighted mean of
// y (_make_unique), pool adjacent violators (_inplace_contiguous_isotonic_regression), drop
// interior points whose y equals both neighbours' (_build_y), and predict by linear
// interpolation between thresholds (numpy.interp) with x clipped to the fitted range.
import { assertFinite, assertPairedFinite } from "./input-checks.ts";
import { numpyArraySum } from "./numpy-sum.ts";
import { radixSort } from "./radix-sort.ts";

/** A fitted map: sklearn's X_thresholds_ and y_thresholds_ (x strictly ascending). */
export type IsotonicMap = { x: Float64Array; y: Float64Array };

/** numpy.finfo(float64).resolution: x values closer than this to a group's first x join it. */
const X_RESOLUTION = 1e-15;

/**
 * The isotonic map from x to y, optionally weighted (weights ≤ 0 drop their point). Null
 * when no point remains. Least squares: minimises Σ wᵢ (yᵢ − f(xᵢ))² over non-decreasing f
 * (Barlow et al. 1972; de Leeuw, Hornik & Mair 2009 for the tie handling sklearn uses).
 */
export function fitIsotonic(x: ArrayLike<number>, y: ArrayLike<number>, weights?: ArrayLike<number>): IsotonicMap | null {
  assertPairedFinite(x, y);
  if (weights) assertPairedFinite(x, weights);
  let xs: Float64Array;
  let ys: Float64Array;
  let ws: Float64Array | null = null;
  if (weights) {
    const kept: number[] = [];
    for (let i = 0; i < x.length; i++) if (weights[i] > 0) kept.push(i);
    xs = Float64Array.from(kept, (i) => x[i]);
    ys = Float64Array.from(kept, (i) => y[i]);
    ws = Float64Array.from(kept, (i) => weights[i]);
  } else {
    xs = x instanceof Float64Array ? x : Float64Array.from(x);
    ys = y instanceof Float64Array ? y : Float64Array.from(y);
  }
  if (xs.length === 0) return null;
  // numpy.lexsort((y, x)) is stable: by x, then y, then input order. Two stable radix
  // sorts (by y, then by x from that order) give the same order in O(n).
  const { order } = radixSort(xs, radixSort(ys).order);
  const unique = mergeTies(order, xs, ys, ws);
  poolAdjacentViolators(unique.y, unique.w);
  return trimRedundant(unique.x, unique.y);
}

/** _make_unique: one point per run of x within X_RESOLUTION of its first, y the weighted mean. */
function mergeTies(order: Uint32Array, x: Float64Array, y: Float64Array, weights: Float64Array | null) {
  const ux = new Float64Array(order.length);
  const uy = new Float64Array(order.length);
  const uw = new Float64Array(order.length);
  let u = 0;
  let currentX = x[order[0]];
  let sumY = 0;
  let sumW = 0;
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    const w = weights ? weights[j] : 1;
    if (x[j] - currentX >= X_RESOLUTION) {
      ux[u] = currentX;
      uw[u] = sumW;
      uy[u] = sumY / sumW;
      u++;
      currentX = x[j];
      sumW = w;
      sumY = y[j] * w;
    } else {
      sumW += w;
      sumY += y[j] * w;
    }
  }
  ux[u] = currentX;
  uw[u] = sumW;
  uy[u] = sumY / sumW;
  return { x: ux.slice(0, u + 1), y: uy.slice(0, u + 1), w: uw.slice(0, u + 1) };
}

/**
 * Pool adjacent violators in place, as sklearn's Cython: each step pools the whole
 * non-increasing run after a block, then backtracks one block. Ties (y[i] = y[k]) pool.
 */
function poolAdjacentViolators(y: Float64Array, w: Float64Array): void {
  const n = y.length;
  // For a block [i..j]: target[i] = j and target[j] = i.
  const target = new Int32Array(n);
  for (let i = 0; i < n; i++) target[i] = i;
  let i = 0;
  while (i < n) {
    let k = target[i] + 1;
    if (k === n) break;
    if (y[i] < y[k]) {
      i = k;
      continue;
    }
    let sumWy = w[i] * y[i];
    let sumW = w[i];
    for (;;) {
      const previousY = y[k];
      sumWy += w[k] * y[k];
      sumW += w[k];
      k = target[k] + 1;
      if (k === n || previousY < y[k]) {
        y[i] = sumWy / sumW;
        w[i] = sumW;
        target[i] = k - 1;
        target[k - 1] = i;
        if (i > 0) i = target[i - 1];
        break;
      }
    }
  }
  for (let start = 0; start < n; ) {
    const end = target[start] + 1;
    y.fill(y[start], start + 1, end);
    start = end;
  }
}

/** Keeps the ends and every interior point whose y differs from a neighbour's. */
function trimRedundant(x: Float64Array, y: Float64Array): IsotonicMap {
  const n = y.length;
  const keep: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i === 0 || i === n - 1 || y[i] !== y[i - 1] || y[i] !== y[i + 1]) keep.push(i);
  }
  return { x: Float64Array.from(keep, (i) => x[i]), y: Float64Array.from(keep, (i) => y[i]) };
}

/**
 * The map's values at `values`: each clipped to [x₀, x_last], then numpy.interp, i.e.
 * slope·(v − xⱼ) + yⱼ on the segment xⱼ ≤ v < xⱼ₊₁, and yⱼ exactly at a threshold.
 */
export function predictIsotonic(map: IsotonicMap, values: ArrayLike<number>): Float64Array {
  assertFinite(values);
  const { x, y } = map;
  const last = x.length - 1;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v <= x[0]) {
      out[i] = y[0];
      continue;
    }
    if (v >= x[last]) {
      out[i] = y[last];
      continue;
    }
    // x[lo] <= v < x[lo + 1]
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (x[mid] <= v) lo = mid;
      else hi = mid;
    }
    if (x[lo] === v) {
      out[i] = y[lo];
      continue;
    }
    const slope = (y[lo + 1] - y[lo]) / (x[lo + 1] - x[lo]);
    let value = slope * (v - x[lo]) + y[lo];
    // numpy's fallback when one direction gives NaN (an infinite slope times zero).
    if (Number.isNaN(value)) {
      value = slope * (v - x[lo + 1]) + y[lo + 1];
      if (Number.isNaN(value) && y[lo] === y[lo + 1]) value = y[lo];
    }
    out[i] = value;
  }
  return out;
}

/**
 * sklearn's KFold(n_splits=k, shuffle=False): contiguous folds in input order, the first
 * n mod k of them one item longer. fold[i] is item i's fold.
 */
export function contiguousFolds(n: number, k: number): Int32Array {
  if (!(Number.isInteger(k) && k >= 2)) throw new RangeError(`the number of folds must be an integer ≥ 2, got ${k}`);
  if (n < k) throw new RangeError(`${k} folds need at least ${k} items, got ${n}`);
  const fold = new Int32Array(n);
  const base = Math.floor(n / k);
  let start = 0;
  for (let f = 0; f < k; f++) {
    const size = base + (f < n % k ? 1 : 0);
    fold.fill(f, start, start + size);
    start += size;
  }
  return fold;
}

/**
 * Cross-fitted calibration: item i's value from the map fitted on every item outside its
 * fold (fold[i] in 0..k−1), so no item's value comes from a map that saw it. Null when a
 * fold has no item outside it.
 */
export function crossFitIsotonic(x: ArrayLike<number>, y: ArrayLike<number>, fold: ArrayLike<number>): Float64Array | null {
  assertPairedFinite(x, y);
  if (fold.length !== x.length) throw new RangeError(`folds and items differ in length: ${fold.length} vs ${x.length}`);
  const n = x.length;
  const out = new Float64Array(n);
  for (const f of new Set(Array.from(fold))) {
    let nTest = 0;
    for (let i = 0; i < n; i++) if (fold[i] === f) nTest++;
    const trainX = new Float64Array(n - nTest);
    const trainY = new Float64Array(n - nTest);
    const test = new Uint32Array(nTest);
    const testX = new Float64Array(nTest);
    for (let i = 0, a = 0, b = 0; i < n; i++) {
      if (fold[i] === f) {
        test[b] = i;
        testX[b++] = x[i];
      } else {
        trainX[a] = x[i];
        trainY[a++] = y[i];
      }
    }
    const map = fitIsotonic(trainX, trainY);
    if (!map) return null;
    const predicted = predictIsotonic(map, testX);
    for (let t = 0; t < nTest; t++) out[test[t]] = predicted[t];
  }
  return out;
}

/** Mean absolute error, Σ|pᵢ − yᵢ| / n as np.mean(np.abs(p − y)) rounds it. Null when n = 0. */
export function meanAbsoluteError(predicted: ArrayLike<number>, actual: ArrayLike<number>): number | null {
  assertPairedFinite(predicted, actual);
  const n = actual.length;
  if (n === 0) return null;
  const errors = new Float64Array(n);
  for (let i = 0; i < n; i++) errors[i] = Math.abs(predicted[i] - actual[i]);
  return numpyArraySum(errors) / n;
}
