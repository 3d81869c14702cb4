// Inverse-probability weighting for items rated under the sampled queue design (escalated
// items are over-represented; each rated item i carries its inclusion probability πᵢ, see
// lib/queue/inclusion.ts). Zrnic & Candès, "Active Statistical Inference" (ICML 2024): a
// mean over the population is estimated by weighting each labelled item by 1/πᵢ.
//
// The estimator here is the Hájek (self-normalised) one, not Horvitz–Thompson: the queue
// records per-take probabilities whose scale moves with the pool's size, and the ratio
// Σ(yᵢ/πᵢ) / Σ(1/πᵢ) does not depend on a common scale of π, nor on knowing N. The
// Horvitz–Thompson mean Σ(yᵢ/πᵢ)/N is given too, for designs where π is the probability that
// an item is in the sample at all.
import { assertFinite, assertPairedFinite } from "./input-checks.ts";
import { criticalValue, DEFAULT_ALPHA, isAllEqual, type MeanInterval, type PpiMean, type PpiOptions, sumOf } from "./ppi.ts";

/** Throws unless every probability lies in (0, 1]. */
function assertProbabilities(probabilities: ArrayLike<number>): void {
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i];
    if (!(p > 0 && p <= 1)) throw new RangeError(`inclusion probability at index ${i} must lie in (0, 1], got ${p}`);
  }
}

/** Horvitz–Thompson mean (1952): Σ yᵢ/πᵢ / N. Null when N = 0. */
export function horvitzThompsonMean(values: ArrayLike<number>, probabilities: ArrayLike<number>, populationSize: number): number | null {
  assertPairedFinite(values, probabilities);
  assertProbabilities(probabilities);
  if (!(populationSize > 0)) return null;
  return sumOf(values.length, (i) => values[i] / probabilities[i]) / populationSize;
}

/** Hájek mean: Σ wᵢyᵢ / Σ wᵢ with wᵢ = 1/πᵢ. Null when there is no value. */
export function hajekMean(values: ArrayLike<number>, probabilities: ArrayLike<number>): number | null {
  assertPairedFinite(values, probabilities);
  assertProbabilities(probabilities);
  if (values.length === 0) return null;
  return sumOf(values.length, (i) => values[i] / probabilities[i]) / sumOf(values.length, (i) => 1 / probabilities[i]);
}

/**
 * Hájek mean with its normal interval from the linearised variance
 *   v = Σ wᵢ²(yᵢ − ȳ_w)² / (Σ wᵢ)²,  interval ȳ_w ∓ z_{1−α/2}·√v.
 * With equal weights v = var₀(y)/n (divisor n), so it is exactly the classical interval of
 * lib/stats/ppi.ts (ppi_py's `classical_mean_ci`). Null when there is no value.
 */
export function hajekMeanCi(values: ArrayLike<number>, probabilities: ArrayLike<number>, alpha = DEFAULT_ALPHA): MeanInterval {
  const mean = hajekMean(values, probabilities);
  if (mean === null) return { mean: null, ciLow: null, ciHigh: null };
  const half = criticalValue(alpha) * Math.sqrt(hajekVariance(values, probabilities, mean));
  return { mean, ciLow: mean - half, ciHigh: mean + half };
}

/** Kish's effective sample size (Σw)²/Σw² of the weights 1/πᵢ; n when they are equal. */
export function effectiveSampleSize(probabilities: ArrayLike<number>): number | null {
  assertFinite(probabilities);
  assertProbabilities(probabilities);
  if (probabilities.length === 0) return null;
  const total = sumOf(probabilities.length, (i) => 1 / probabilities[i]);
  return (total * total) / sumOf(probabilities.length, (i) => 1 / probabilities[i] ** 2);
}

/**
 * The weighted (active-inference) PPI++ mean: the judge's predictions Ŷ_pop on every item of
 * the population (rated ones included: under escalation the unrated items are not a random
 * sample, so the imputed term must cover all of them), and on the n rated items the human
 * values Y, the judge's Ŷ and the inclusion probabilities π:
 *   θ̂_λ = λ·mean(Ŷ_pop) + Hájek mean of (Y − λŶ)
 *   se² = λ²·var₀(Ŷ_pop)/N + Σwᵢ²(zᵢ − z̄_w)²/(Σwᵢ)²,  zᵢ = Yᵢ − λŶᵢ,  wᵢ = 1/πᵢ
 * λ = options.lambda, else the power-tuned λ of ppi_py with the weights in the covariance
 * and Kish's n_eff for n:
 *   λ̂ = [Σwᵢ²(Yᵢ−Ȳ_w)(Ŷᵢ−Ŷ̄_w)/Σwᵢ²] / [(1 + n_eff/N)·s²(Ŷ ∪ Ŷ_pop)], clipped to [0, 1],
 * with Ȳ_w, Ŷ̄_w the w²-weighted means. With equal π (and Ŷ_pop the unlabeled predictions)
 * every term is ppiMean's: the unweighted PPI++ is the special case. Null estimate when
 * n = 0 or N = 0; λ null (and the Hájek mean and interval of Y) when every prediction is
 * the same value.
 */
export function weightedPpiMean(
  y: ArrayLike<number>,
  yHat: ArrayLike<number>,
  probabilities: ArrayLike<number>,
  yHatPopulation: ArrayLike<number>,
  options: PpiOptions = {},
): PpiMean {
  assertPairedFinite(y, yHat);
  assertPairedFinite(y, probabilities);
  assertProbabilities(probabilities);
  assertFinite(yHatPopulation);
  const fixed = options.lambda;
  if (fixed !== undefined && !Number.isFinite(fixed)) throw new RangeError(`lambda must be a finite number, got ${fixed}`);
  const z = criticalValue(options.alpha ?? DEFAULT_ALPHA);
  const n = y.length;
  const bigN = yHatPopulation.length;
  if (n === 0 || bigN === 0) return { mean: null, ciLow: null, ciHigh: null, lambda: fixed ?? null };
  const lambda = fixed ?? weightedPpiLambda(y, yHat, probabilities, yHatPopulation);
  const used = lambda ?? 0;
  const rectifier = Float64Array.from({ length: n }, (_, i) => y[i] - used * yHat[i]);
  const rectifierMean = hajekMean(rectifier, probabilities)!;
  const rectifierVar = hajekVariance(rectifier, probabilities, rectifierMean);
  let imputedMean = 0;
  let imputedVar = 0;
  if (used !== 0) {
    const predictionMean = sumOf(bigN, (j) => yHatPopulation[j]) / bigN;
    imputedMean = used * predictionMean;
    imputedVar = (used * used * sumOf(bigN, (j) => (yHatPopulation[j] - predictionMean) ** 2)) / bigN;
  }
  const mean = imputedMean + rectifierMean;
  const half = z * Math.sqrt(imputedVar / bigN + rectifierVar);
  return { mean, ciLow: mean - half, ciHigh: mean + half, lambda };
}

/** The power-tuned λ of weightedPpiMean (formula there); null when every prediction is equal. */
export function weightedPpiLambda(y: ArrayLike<number>, yHat: ArrayLike<number>, probabilities: ArrayLike<number>, yHatPopulation: ArrayLike<number>): number | null {
  const n = y.length;
  const bigN = yHatPopulation.length;
  if (n === 0 || bigN === 0) return null;
  if (isAllEqual(yHat, yHatPopulation)) return null;
  if (isAllEqual(y, [])) return 0;
  const w2 = (i: number) => 1 / probabilities[i] ** 2;
  const w2Total = sumOf(n, w2);
  const meanY = sumOf(n, (i) => w2(i) * y[i]) / w2Total;
  const meanYHat = sumOf(n, (i) => w2(i) * yHat[i]) / w2Total;
  const covariance = sumOf(n, (i) => w2(i) * (y[i] - meanY) * (yHat[i] - meanYHat)) / w2Total;
  const pooledMean = (sumOf(n, (i) => yHat[i]) + sumOf(bigN, (j) => yHatPopulation[j])) / (n + bigN);
  const spread = sumOf(n, (i) => (yHat[i] - pooledMean) ** 2) + sumOf(bigN, (j) => (yHatPopulation[j] - pooledMean) ** 2);
  const nEff = effectiveSampleSize(probabilities)!;
  const lambda = covariance / ((1 + nEff / bigN) * (spread / (n + bigN - 1)));
  return Math.min(1, Math.max(0, lambda));
}

/** Σ wᵢ²(yᵢ − mean)² / (Σ wᵢ)², wᵢ = 1/πᵢ. */
function hajekVariance(values: ArrayLike<number>, probabilities: ArrayLike<number>, mean: number): number {
  const total = sumOf(values.length, (i) => 1 / probabilities[i]);
  return sumOf(values.length, (i) => ((values[i] - mean) / probabilities[i]) ** 2) / (total * total);
}
