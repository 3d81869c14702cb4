import type { QualityCutoffs } from "@/lib/judge";
import { kappaFromConfusion } from "@/lib/stats";
import { uniformSource } from "@/lib/stats/seeded-random";

/**
 * Calibration assistant (SPEC §6): the quality cut-offs that maximise quadratic-weighted
 * Cohen's κ between the judge's level (1 + the number of cut-offs at or below its score)
 * and the human level (1 = Poor … 4 = Excellent).
 *
 * Search: every triple of observed score values c1 < c2 < c3 (thinned to evenly spaced
 * quantiles when there are more than `maxCandidates` distinct values). With the pairs sorted
 * by score, a triple splits them into four runs; because the human marginals are fixed,
 *   κ_q = 1 − Σ_l Σ_h (h − l)² O_hl / (Σ_l |run_l| · A_l / n),   A_l = Σ_h (h − l)² n_h,
 * and Σ_h (h − l)² O_hl over a run is a difference of prefix sums, so each triple costs O(1).
 * Ties in κ go to the triple closest to the current cut-offs (the smallest change).
 *
 * Held-out estimate: k-fold cross-validation (seeded shuffle): the cut-offs are fitted on
 * k − 1 folds and applied to the held-out fold; κ_q over all out-of-fold predictions is
 * what to expect on new data, and is usually below the in-sample κ, which fits noise too.
 */

export type CalibrationPair = { score: number; level: number };

export type CutoffProposal = {
  cutoffs: QualityCutoffs;
  kappaInSample: number;
  kappaCrossValidated: number | null;
  n: number;
  folds: number;
  candidates: number;
};

export type CalibrationRefusal = { refused: string };

export const MIN_CALIBRATION_PAIRS = 30;
const LEVELS = 4;

type Fit = { cutoffs: QualityCutoffs; kappa: number; candidates: number };

function candidateValues(sortedScores: Float64Array, maxCandidates: number): number[] {
  const distinct: number[] = [];
  for (let i = 0; i < sortedScores.length; i++) {
    if (i === 0 || sortedScores[i] !== sortedScores[i - 1]) distinct.push(sortedScores[i]);
  }
  if (distinct.length <= maxCandidates) return distinct;
  const thinned: number[] = [];
  for (let j = 0; j < maxCandidates; j++) {
    const value = distinct[Math.round((j * (distinct.length - 1)) / (maxCandidates - 1))];
    if (thinned.length === 0 || thinned[thinned.length - 1] !== value) thinned.push(value);
  }
  return thinned;
}

function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The κ-maximising cut-offs on these pairs, or null when κ is undefined for every triple. */
export function fitCutoffs(pairs: readonly CalibrationPair[], current: QualityCutoffs, maxCandidates = 120): Fit | null {
  const n = pairs.length;
  const order = pairs.map((_, i) => i).sort((a, b) => pairs[a].score - pairs[b].score);
  const scores = Float64Array.from(order, (i) => pairs[i].score);
  const humanCounts = new Float64Array(LEVELS + 1);
  // weighted[l][i] = Σ_h (h − l)² · #{first i pairs with human level h}
  const weighted = Array.from({ length: LEVELS + 1 }, () => new Float64Array(n + 1));
  for (let i = 0; i < n; i++) {
    const h = pairs[order[i]].level;
    humanCounts[h]++;
    for (let l = 1; l <= LEVELS; l++) weighted[l][i + 1] = weighted[l][i] + (h - l) * (h - l);
  }
  const chanceWeight = new Float64Array(LEVELS + 1);
  for (let l = 1; l <= LEVELS; l++) {
    for (let h = 1; h <= LEVELS; h++) chanceWeight[l] += (h - l) * (h - l) * humanCounts[h];
  }

  const candidates = candidateValues(scores, maxCandidates);
  const positions = candidates.map((value) => lowerBound(scores, value));
  let best: Fit | null = null;
  let bestDistance = Infinity;
  const m = candidates.length;
  for (let a = 0; a < m; a++) {
    const pa = positions[a];
    const runPoor = weighted[1][pa];
    for (let b = a + 1; b < m; b++) {
      const pb = positions[b];
      const runFair = weighted[2][pb] - weighted[2][pa];
      for (let c = b + 1; c < m; c++) {
        const pc = positions[c];
        const observed = runPoor + runFair + (weighted[3][pc] - weighted[3][pb]) + (weighted[4][n] - weighted[4][pc]);
        const expected = (pa * chanceWeight[1] + (pb - pa) * chanceWeight[2] + (pc - pb) * chanceWeight[3] + (n - pc) * chanceWeight[4]) / n;
        if (expected === 0) continue;
        const kappa = 1 - observed / expected;
        const cutoffs = { fair: candidates[a], good: candidates[b], excellent: candidates[c] };
        if (best === null || kappa > best.kappa + 1e-12) {
          best = { cutoffs, kappa, candidates: m };
          bestDistance = distance(cutoffs, current);
        } else if (kappa > best.kappa - 1e-12) {
          const d = distance(cutoffs, current);
          if (d < bestDistance) {
            best = { cutoffs, kappa: Math.max(kappa, best.kappa), candidates: m };
            bestDistance = d;
          }
        }
      }
    }
  }
  return best;
}

function distance(a: QualityCutoffs, b: QualityCutoffs): number {
  return Math.abs(a.fair - b.fair) + Math.abs(a.good - b.good) + Math.abs(a.excellent - b.excellent);
}

export function levelUnder(score: number, cutoffs: QualityCutoffs): number {
  return 1 + Number(score >= cutoffs.fair) + Number(score >= cutoffs.good) + Number(score >= cutoffs.excellent);
}

/** Quadratic-weighted κ of the judge's levels under `cutoffs` against the human levels. */
export function quadraticKappa(pairs: readonly CalibrationPair[], cutoffs: QualityCutoffs): number | null {
  return quadraticKappaOfLevels(pairs.map((pair) => pair.level), pairs.map((pair) => levelUnder(pair.score, cutoffs)));
}

function quadraticKappaOfLevels(human: readonly number[], judge: readonly number[]): number | null {
  const matrix = Array.from({ length: LEVELS }, () => new Array<number>(LEVELS).fill(0));
  for (let i = 0; i < human.length; i++) matrix[human[i] - 1][judge[i] - 1]++;
  return kappaFromConfusion(matrix, "quadratic").value;
}

export function proposeCutoffs(
  pairs: readonly CalibrationPair[],
  options: { current: QualityCutoffs; folds?: number; seed?: number; maxCandidates?: number },
): CutoffProposal | CalibrationRefusal {
  const usable = pairs.filter((pair) => Number.isFinite(pair.score) && Number.isInteger(pair.level) && pair.level >= 1 && pair.level <= LEVELS);
  if (usable.length < MIN_CALIBRATION_PAIRS) {
    return { refused: `Calibration needs at least ${MIN_CALIBRATION_PAIRS} rated turns; there are ${usable.length}.` };
  }
  if (new Set(usable.map((pair) => pair.level)).size < 2) {
    return { refused: "Every rated turn has the same human level, so agreement cannot be measured." };
  }
  const fit = fitCutoffs(usable, options.current, options.maxCandidates);
  if (!fit) return { refused: "No cut-offs give a defined κ on these ratings." };
  const kappaInSample = quadraticKappa(usable, fit.cutoffs) ?? fit.kappa;

  const folds = Math.min(options.folds ?? 5, usable.length);
  const random = uniformSource(options.seed ?? 20261122);
  const foldOf = shuffledFolds(usable.length, folds, random);
  const predicted = new Array<number>(usable.length);
  let isComplete = true;
  for (let fold = 0; fold < folds; fold++) {
    const training = usable.filter((_, i) => foldOf[i] !== fold);
    const foldFit = fitCutoffs(training, options.current, options.maxCandidates);
    if (!foldFit) {
      isComplete = false;
      break;
    }
    usable.forEach((pair, i) => {
      if (foldOf[i] === fold) predicted[i] = levelUnder(pair.score, foldFit.cutoffs);
    });
  }
  const kappaCrossValidated = isComplete ? quadraticKappaOfLevels(usable.map((pair) => pair.level), predicted) : null;
  return { cutoffs: fit.cutoffs, kappaInSample, kappaCrossValidated, n: usable.length, folds, candidates: fit.candidates };
}

/** Fold numbers 0..k−1, as equal in size as possible, in a seeded random order. */
function shuffledFolds(n: number, k: number, random: () => number): number[] {
  const folds = Array.from({ length: n }, (_, i) => i % k);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [folds[i], folds[j]] = [folds[j], folds[i]];
  }
  return folds;
}
