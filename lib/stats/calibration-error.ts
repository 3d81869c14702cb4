// Calibration of a judge's stated confidence against whether its verdict was right.

/** One bin of a reliability diagram; the means are null when the bin is empty. */
export type CalibrationBin = {
  lower: number;
  upper: number;
  count: number;
  meanConfidence: number | null;
  /** share of correct verdicts in the bin */
  accuracy: number | null;
};

export const DEFAULT_BIN_COUNT = 10;

function checkInput(confidence: ArrayLike<number>, correct: ArrayLike<number | boolean>): void {
  if (confidence.length !== correct.length) {
    throw new RangeError(`paired arrays differ in length: ${confidence.length} vs ${correct.length}`);
  }
  for (let i = 0; i < confidence.length; i++) {
    const c = confidence[i];
    if (!(c >= 0 && c <= 1)) throw new RangeError(`confidence at index ${i} is not in [0, 1]: ${c}`);
    const y = correct[i];
    if (!(y === true || y === false || y === 0 || y === 1)) throw new RangeError(`correct at index ${i} is not 0, 1 or a boolean: ${y}`);
  }
}

/**
 * The bin of a confidence c ∈ [0, 1] among `bins` equal-width bins: the largest b with
 * b/bins ≤ c, the last bin also holding 1. The edges b/bins are the doubles nearest to the
 * decimals (0.1, 0.2, 0.3, …), so a confidence written 0.3 falls in [0.3, 0.4) even though
 * 10·0.3 rounds either way in floating point: bins are [0, 0.1), [0.1, 0.2), …, [0.9, 1].
 */
export function calibrationBinIndex(c: number, bins = DEFAULT_BIN_COUNT): number {
  let b = Math.min(bins - 1, Math.max(0, Math.floor(c * bins)));
  if (b > 0 && c < b / bins) b--;
  else if (b < bins - 1 && c >= (b + 1) / bins) b++;
  return b;
}

/**
 * The reliability diagram's bins (calibrationBinIndex): per bin, its edges, the number of
 * verdicts, their mean confidence and their accuracy. Every bin is listed, empty ones too.
 * sklearn.calibration.calibration_curve(strategy="uniform") returns the same means for the
 * non-empty bins, except for confidences exactly on an inner edge: its bins are (a, b]
 * with edges np.linspace(0, 1, 11) (0.30000000000000004, 0.6000000000000001, …).
 */
export function reliabilityBins(
  confidence: ArrayLike<number>,
  correct: ArrayLike<number | boolean>,
  bins = DEFAULT_BIN_COUNT,
): CalibrationBin[] {
  checkInput(confidence, correct);
  if (!(Number.isInteger(bins) && bins >= 1)) throw new RangeError(`bins must be a positive integer, got ${bins}`);
  const count = new Array<number>(bins).fill(0);
  const sumConfidence = new Array<number>(bins).fill(0);
  const sumCorrect = new Array<number>(bins).fill(0);
  for (let i = 0; i < confidence.length; i++) {
    const b = calibrationBinIndex(confidence[i], bins);
    count[b]++;
    sumConfidence[b] += confidence[i];
    sumCorrect[b] += Number(correct[i]);
  }
  return count.map((m, b) => ({
    lower: b / bins,
    upper: (b + 1) / bins,
    count: m,
    meanConfidence: m === 0 ? null : sumConfidence[b] / m,
    accuracy: m === 0 ? null : sumCorrect[b] / m,
  }));
}

/**
 * Expected calibration error over equal-width bins (Naeini, Cooper & Hauskrecht 2015;
 * Guo et al. 2017, eq. 3): ECE = Σ_b (n_b / n) · |acc_b − conf_b|, empty bins
 * contributing nothing. Null when there is no verdict.
 */
export function expectedCalibrationError(
  confidence: ArrayLike<number>,
  correct: ArrayLike<number | boolean>,
  bins = DEFAULT_BIN_COUNT,
): number | null {
  const binned = reliabilityBins(confidence, correct, bins);
  const n = confidence.length;
  if (n === 0) return null;
  let sum = 0;
  for (const bin of binned) {
    if (bin.count > 0) sum += (bin.count / n) * Math.abs(bin.accuracy! - bin.meanConfidence!);
  }
  return sum;
}

/** Brier score (Brier 1950), the mean of (confidence − correct)²; null when there is no verdict. */
export function brierScore(confidence: ArrayLike<number>, correct: ArrayLike<number | boolean>): number | null {
  checkInput(confidence, correct);
  const n = confidence.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (confidence[i] - Number(correct[i])) ** 2;
  return sum / n;
}
