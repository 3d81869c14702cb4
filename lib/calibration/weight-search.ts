import { roundToHundredths } from "@/lib/thresholds/fast-overall";

/**
 * The search behind fitted persona weights (fit-weights.ts). Overall scores are rounded to
 * hundredths, as the judge rounds them, so a weight table turns the rated turns into a
 * histogram over 101 score buckets × 4 human levels, and the best κ_q over every choice of
 * cut-offs is read from that histogram exactly as fitCutoffs reads it from sorted pairs
 * (same candidates: the observed scores; same prefix-sum formula). A move of weight from one
 * metric to another changes one persona's histogram only, so trying a move costs one pass
 * over that persona's turns plus the cut-off search.
 */

export const METRIC_COUNT = 4;
/** Weights are searched in whole hundredths. */
export const UNITS = 100;
const BUCKETS = 101;
const LEVELS = 4;
/** Step sizes in hundredths, coarse to fine. */
const STEPS = [16, 8, 4, 2, 1];
const MAX_SWEEPS_PER_STEP = 40;

/** The rated turns as columns: weight group (persona), human level 1–4, the four metric scores. */
export type FitData = {
  groups: number;
  group: Int32Array;
  level: Int32Array;
  /** length, |sentiment|, completeness, critical intensity: METRIC_COUNT per turn, 0 when absent. */
  metrics: Float64Array;
};

/** overallOf's sum, in the seed's order, rounded as the judge rounds it. */
export function overallUnder(weights: ArrayLike<number>, offset: number, metrics: Float64Array, turn: number): number {
  const m = turn * METRIC_COUNT;
  return roundToHundredths(
    weights[offset] * metrics[m] + weights[offset + 1] * metrics[m + 1] + weights[offset + 2] * metrics[m + 2] + weights[offset + 3] * metrics[m + 3],
  );
}

/** The best quadratic κ over all cut-off triples of a (bucket × level) histogram, or −∞ when none is defined. */
export function bestKappaOfHistogram(histogram: Float64Array): number {
  const humanCounts = [0, 0, 0, 0, 0];
  let n = 0;
  for (let b = 0; b < BUCKETS; b++) {
    for (let h = 1; h <= LEVELS; h++) {
      humanCounts[h] += histogram[b * LEVELS + h - 1];
    }
  }
  for (let h = 1; h <= LEVELS; h++) n += humanCounts[h];
  const chance = [0, 0, 0, 0, 0];
  for (let l = 1; l <= LEVELS; l++) for (let h = 1; h <= LEVELS; h++) chance[l] += (h - l) * (h - l) * humanCounts[h];
  // Prefix sums at each observed bucket (the candidates): items below it, Σ (h − l)² below it.
  const position: number[] = [];
  const weighted: number[][] = [[], [], [], [], []];
  let below = 0;
  const running = [0, 0, 0, 0, 0];
  for (let b = 0; b < BUCKETS; b++) {
    let count = 0;
    for (let h = 0; h < LEVELS; h++) count += histogram[b * LEVELS + h];
    if (count === 0) continue;
    position.push(below);
    for (let l = 1; l <= LEVELS; l++) weighted[l].push(running[l]);
    for (let h = 1; h <= LEVELS; h++) {
      const c = histogram[b * LEVELS + h - 1];
      below += c;
      for (let l = 1; l <= LEVELS; l++) running[l] += (h - l) * (h - l) * c;
    }
  }
  const m = position.length;
  if (m < 3) return -Infinity;
  // Σ (h − l)² O_hl and n·Σ E over the four runs are sums of one term per cut-off plus a
  // constant, so min over a < b < c of O − r·E is a running minimum (Dinkelbach 1967):
  // r ← O/E of that minimiser until r stops falling gives the least O/E, the largest κ.
  const observedOf = (a: number, b: number, c: number) => weighted[1][a] + (weighted[2][b] - weighted[2][a]) + (weighted[3][c] - weighted[3][b]) + (running[4] - weighted[4][c]);
  const expectedOf = (a: number, b: number, c: number) =>
    (position[a] * chance[1] + (position[b] - position[a]) * chance[2] + (position[c] - position[b]) * chance[3] + (n - position[c]) * chance[4]) / n;
  let ratio = observedOf(0, 1, 2) / expectedOf(0, 1, 2);
  if (!Number.isFinite(ratio)) ratio = 1;
  for (let iteration = 0; iteration < 100; iteration++) {
    const term = (j: number, l: number) => weighted[l][j] - weighted[l + 1][j] - (ratio * position[j] * (chance[l] - chance[l + 1])) / n;
    let bestA = 0;
    let bestAB = Infinity;
    let bestABPair: [number, number] = [0, 1];
    let bestValue = Infinity;
    let bestTriple: [number, number, number] = [0, 1, 2];
    for (let j = 1; j < m; j++) {
      // c = j with the best (a, b) below it; then b = j with the best a below it.
      if (j >= 2) {
        const value = bestAB + term(j, 3);
        if (value < bestValue) {
          bestValue = value;
          bestTriple = [bestABPair[0], bestABPair[1], j];
        }
      }
      const ab = term(bestA, 1) + term(j, 2);
      if (ab < bestAB) {
        bestAB = ab;
        bestABPair = [bestA, j];
      }
      if (term(j, 1) < term(bestA, 1)) bestA = j;
    }
    const expected = expectedOf(...bestTriple);
    if (expected === 0) break;
    const next = observedOf(...bestTriple) / expected;
    if (!(next < ratio - 1e-15)) {
      ratio = Math.min(ratio, next);
      break;
    }
    ratio = next;
  }
  return 1 - ratio;
}

function groupHistogram(data: FitData, turns: readonly number[], units: Int32Array, offset: number, into: Float64Array): void {
  into.fill(0);
  const weights = [units[offset] / UNITS, units[offset + 1] / UNITS, units[offset + 2] / UNITS, units[offset + 3] / UNITS];
  for (const turn of turns) {
    const bucket = Math.round(overallUnder(weights, 0, data.metrics, turn) * 100);
    into[Math.min(BUCKETS - 1, Math.max(0, bucket)) * LEVELS + data.level[turn] - 1]++;
  }
}

/**
 * Weights (in hundredths, METRIC_COUNT per group, each group summing to UNITS) that maximise
 * the best-cut-off κ_q on `items`: from `start`, moves of `step` hundredths from one free
 * metric of a group to another, accepted when κ rises, sweeping until no move helps, then a
 * finer step. Deterministic; a move that only ties keeps the weights where they were, so
 * plateaus stay at the start (the current weights).
 */
export function searchWeights(data: FitData, items: ArrayLike<number>, start: Int32Array, free: readonly boolean[]): { units: Int32Array; kappa: number } {
  const units = Int32Array.from(start);
  const turnsOf: number[][] = Array.from({ length: data.groups }, () => []);
  for (let i = 0; i < items.length; i++) turnsOf[data.group[items[i]]].push(items[i]);
  const histograms = turnsOf.map(() => new Float64Array(BUCKETS * LEVELS));
  const total = new Float64Array(BUCKETS * LEVELS);
  turnsOf.forEach((turns, g) => {
    groupHistogram(data, turns, units, g * METRIC_COUNT, histograms[g]);
    for (let k = 0; k < total.length; k++) total[k] += histograms[g][k];
  });
  let kappa = bestKappaOfHistogram(total);
  const trial = new Float64Array(BUCKETS * LEVELS);
  const trialTotal = new Float64Array(BUCKETS * LEVELS);
  for (const step of STEPS) {
    for (let sweep = 0; sweep < MAX_SWEEPS_PER_STEP; sweep++) {
      let isImproved = false;
      for (let g = 0; g < data.groups; g++) {
        if (turnsOf[g].length === 0) continue;
        const offset = g * METRIC_COUNT;
        for (let from = 0; from < METRIC_COUNT; from++) {
          for (let to = 0; to < METRIC_COUNT; to++) {
            if (from === to || !free[offset + from] || !free[offset + to] || units[offset + from] < step) continue;
            units[offset + from] -= step;
            units[offset + to] += step;
            groupHistogram(data, turnsOf[g], units, offset, trial);
            for (let k = 0; k < total.length; k++) trialTotal[k] = total[k] - histograms[g][k] + trial[k];
            const candidate = bestKappaOfHistogram(trialTotal);
            if (candidate > kappa + 1e-12) {
              kappa = candidate;
              histograms[g].set(trial);
              total.set(trialTotal);
              isImproved = true;
            } else {
              units[offset + from] += step;
              units[offset + to] -= step;
            }
          }
        }
      }
      if (!isImproved) break;
    }
  }
  return { units, kappa };
}
