// The crossed bootstrap of several judges' quadratic κ on the same units (one judge's
// versions on a frozen set of rated items): every replicate draws the sessions and raters
// once and scores each judge against the same human levels, so the versions' intervals come
// from the same draws, and the human side (the lower median of the drawn raters) is worked
// out once per replicate instead of once per judge. Each judge's figure equals
// crossedBootstrap(input with that judge's levels).judgeKappa with the same seed.
import { kappaFromConfusion } from "./cohen-kappa.ts";
import { DEFAULT_CONFIDENCE } from "./correlation-inference.ts";
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_REPLICATES, drawMultiplicities, summariseReplicates, type BootstrapFigure, type CrossedInput } from "./crossed-bootstrap.ts";
import { prepareCrossed } from "./crossed-replicate.ts";
import { uniformSource } from "./seeded-random.ts";

export type CrossedKappasResult = {
  replicates: number;
  seed: number;
  confidence: number;
  /** One per judge, in the order given. */
  kappas: BootstrapFigure[];
  nUnits: number;
  nRatings: number;
  nRaters: number;
  nClusters: number;
};

const NOT_ADJUDICATED = -2;

/**
 * Quadratic κ of each judge (judgeLevels[j], one level per unit) with the human level, and
 * its recentred percentile interval, by the crossed bootstrap of crossed-bootstrap.ts:
 * same draw order (sessions then raters, uniformSource(seed)), same human level per unit
 * (adjudicated, else the lower median of the drawn raters' ratings), same summary.
 * `input.judgeLevel` is not read. Yields progress after each hundredth of the replicates.
 */
export function* crossedKappasSteps(
  input: CrossedInput,
  judgeLevels: readonly Int32Array[],
  options: { replicates?: number; seed?: number; confidence?: number } = {},
): Generator<{ done: number; total: number }, CrossedKappasResult> {
  const replicates = options.replicates ?? DEFAULT_REPLICATES;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates must be a positive integer: ${replicates}`);
  // The layout depends on the sessions and ratings only; each judge brings its own positions.
  const layouts = judgeLevels.map((levels) => prepareCrossed({ ...input, judgeLevel: levels }));
  const nJudges = judgeLevels.length;
  const draws = judgeLevels.map(() => new Float64Array(replicates));
  const defined = new Int32Array(nJudges);
  const sessionWeight = new Int32Array(input.nClusters).fill(1);
  const raterWeight = new Int32Array(input.nRaters).fill(1);
  const point = layouts.length === 0 ? [] : replicateKappas(layouts, sessionWeight, raterWeight);
  const uniform = uniformSource(seed);
  const step = Math.max(1, Math.round(replicates / 100));
  for (let b = 0; b < replicates; b++) {
    drawMultiplicities(sessionWeight, uniform);
    drawMultiplicities(raterWeight, uniform);
    if (layouts.length > 0) {
      replicateKappas(layouts, sessionWeight, raterWeight).forEach((kappa, j) => {
        if (kappa !== null) draws[j][defined[j]++] = kappa;
      });
    }
    if ((b + 1) % step === 0 || b + 1 === replicates) yield { done: b + 1, total: replicates };
  }
  return {
    replicates,
    seed,
    confidence,
    kappas: point.map((estimate, j) => summariseReplicates(estimate, draws[j].subarray(0, defined[j]), confidence, [-1, 1])),
    nUnits: input.nUnits,
    nRatings: input.offsets[input.nUnits],
    nRaters: input.nRaters,
    nClusters: input.nClusters,
  };
}

/** The whole run at once (tests, the command line). */
export function crossedKappas(input: CrossedInput, judgeLevels: readonly Int32Array[], options: { replicates?: number; seed?: number; confidence?: number } = {}): CrossedKappasResult {
  const steps = crossedKappasSteps(input, judgeLevels, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Each judge's κ on one replicate, as replicateFigures computes its κ (crossed-replicate.ts). */
function replicateKappas(layouts: ReturnType<typeof prepareCrossed>[], sessionWeight: ArrayLike<number>, raterWeight: ArrayLike<number>): (number | null)[] {
  const { clusterStart, offsets, rater, labelPosition, adjudicatedPosition, nLabels: k, nClusters } = layouts[0];
  const confusions = layouts.map(() => new Float64Array(k * k));
  for (let s = 0; s < nClusters; s++) {
    const w = sessionWeight[s];
    if (w === 0) continue;
    for (let u = clusterStart[s]; u < clusterStart[s + 1]; u++) {
      let human = adjudicatedPosition[u];
      if (human === NOT_ADJUDICATED) {
        human = -1;
        let total = 0;
        for (let i = offsets[u]; i < offsets[u + 1]; i++) total += raterWeight[rater[i]];
        const middle = (total + 1) >> 1; // the ⌈M/2⌉-th smallest: the lower median
        let seen = 0;
        for (let i = offsets[u]; i < offsets[u + 1] && total > 0; i++) {
          seen += raterWeight[rater[i]];
          if (seen >= middle) {
            human = labelPosition[i];
            break;
          }
        }
      }
      if (human < 0) continue;
      for (let j = 0; j < layouts.length; j++) {
        const judge = layouts[j].judgePosition[u];
        if (judge >= 0) confusions[j][human * k + judge] += w;
      }
    }
  }
  return confusions.map((confusion) => {
    const matrix = Array.from({ length: k }, (_, i) => Array.from(confusion.subarray(i * k, (i + 1) * k)));
    return kappaFromConfusion(matrix, "quadratic").value;
  });
}
