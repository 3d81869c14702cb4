// Calibrating a judge against people: an isotonic map from the judge's score to the human
// level, cross-fitted on the rated turns (folds by session) so that no rated turn's value
// comes from a map that saw it, and for every other turn the mean of the fold maps
// (cross-prediction, Zrnic & Candès 2024), so a corrected estimate built on it stays valid.
import type { QualityCutoffs } from "@/lib/judge";
import { cohenKappa } from "@/lib/stats/cohen-kappa";
import { crossFitIsotonic, fitIsotonic, meanAbsoluteError, predictIsotonic, type IsotonicMap } from "@/lib/stats/isotonic";
import { levelOfScore } from "@/lib/thresholds/levels";
import { levelScaleToScore, scoreToLevelScale } from "./level-scale";

export const CALIBRATION_FOLDS = 5;

/** The rated turns: the source judge's score and the human level, with the turn's session. */
export type RatedTurns = { sessionId: ArrayLike<number>; score: ArrayLike<number>; human: ArrayLike<number> };

/**
 * Folds that keep a session's turns together: the distinct sessions in ascending id go to
 * folds 0…k−1 in turn (as the panel's fitted weights). Null with fewer than k sessions.
 */
export function sessionFolds(sessionId: ArrayLike<number>, k = CALIBRATION_FOLDS): { fold: Int32Array; nSessions: number } | null {
  const sessions = [...new Set(Array.from(sessionId))].sort((a, b) => a - b);
  if (sessions.length < k) return null;
  const foldOf = new Map(sessions.map((s, i) => [s, i % k]));
  return { fold: Int32Array.from(sessionId, (s) => foldOf.get(s)!), nSessions: sessions.length };
}

export type CalibrationFit = {
  map: IsotonicMap;
  /** Per rated turn, its out-of-fold calibrated level (continuous, 1–4 for the usual levels). */
  ratedLevel: Float64Array;
  /** Per other turn, the mean of the k fold maps' calibrated levels (cross-prediction). */
  unratedLevel: Float64Array;
  nSessions: number;
};

/** Null when the rated turns span fewer sessions than folds. */
export function calibrateJudge(rated: RatedTurns, unratedScore: ArrayLike<number>): CalibrationFit | null {
  const folds = sessionFolds(rated.sessionId);
  if (!folds) return null;
  const map = fitIsotonic(rated.score, rated.human);
  const ratedLevel = crossFitIsotonic(rated.score, rated.human, folds.fold);
  const unratedLevel = meanOfFoldMaps(rated, folds.fold, unratedScore);
  if (!map || !ratedLevel || !unratedLevel) return null;
  return { map, ratedLevel, unratedLevel, nSessions: folds.nSessions };
}

/**
 * Σ_f predict(map_f, x) / k, map_f fitted on the rated turns outside fold f: the predictor
 * of cross-prediction-powered inference on the turns no person rated (each rated turn's
 * own value is its out-of-fold map's, as crossFitIsotonic gives).
 */
function meanOfFoldMaps(rated: RatedTurns, fold: Int32Array, unratedScore: ArrayLike<number>): Float64Array | null {
  const k = Math.max(...fold) + 1;
  const sum = new Float64Array(unratedScore.length);
  for (let f = 0; f < k; f++) {
    const train: number[] = [];
    for (let i = 0; i < fold.length; i++) if (fold[i] !== f) train.push(i);
    const map = fitIsotonic(
      Float64Array.from(train, (i) => rated.score[i]),
      Float64Array.from(train, (i) => rated.human[i]),
    );
    if (!map) return null;
    const predicted = predictIsotonic(map, unratedScore);
    for (let j = 0; j < sum.length; j++) sum[j] += predicted[j];
  }
  for (let j = 0; j < sum.length; j++) sum[j] /= k;
  return sum;
}

/** One bin of the reliability diagram on the level scale; the means are null when it is empty. */
export type ReliabilityBin = { lower: number; upper: number; count: number; meanPredicted: number | null; meanHuman: number | null };

export type CalibrationFigures = {
  n: number;
  /** Mean |predicted level − human level|, predicted on the continuous level scale. */
  mae: number | null;
  maeRaw: number | null;
  /** Quadratic-weighted κ of the levels under the cut-offs. */
  kappa: number | null;
  kappaRaw: number | null;
  reliability: { raw: ReliabilityBin[]; calibrated: ReliabilityBin[] };
};

const BIN_WIDTH = 0.5;

/** Equal bins of width 0.5 from 1 to the top level; predictions outside go to the end bins. */
export function reliabilityBins(predicted: ArrayLike<number>, human: ArrayLike<number>, top = 4): ReliabilityBin[] {
  const count = Math.round((top - 1) / BIN_WIDTH);
  const bins = Array.from({ length: count }, (_, b) => ({ lower: 1 + b * BIN_WIDTH, upper: 1 + (b + 1) * BIN_WIDTH, count: 0, sumPredicted: 0, sumHuman: 0 }));
  for (let i = 0; i < predicted.length; i++) {
    const bin = bins[Math.min(count - 1, Math.max(0, Math.floor((predicted[i] - 1) / BIN_WIDTH)))];
    bin.count++;
    bin.sumPredicted += predicted[i];
    bin.sumHuman += human[i];
  }
  return bins.map(({ lower, upper, count: n, sumPredicted, sumHuman }) => ({
    lower,
    upper,
    count: n,
    meanPredicted: n > 0 ? sumPredicted / n : null,
    meanHuman: n > 0 ? sumHuman / n : null,
  }));
}

/**
 * The raw judge against its calibrated version on the same turns: the raw score read on the
 * level scale through the cut-offs (level-scale.ts), the calibrated level as stored; levels
 * for κ under `cutoffs`, over the ordered `labels`. `calibratedJudgeLevel`, when given, is
 * the calibrated judge's level as the report has it (its stored score under the report's
 * cut-offs), so that κ here is the report's.
 */
export function calibrationFigures(
  input: { human: ArrayLike<number>; rawScore: ArrayLike<number>; calibratedLevel: ArrayLike<number>; calibratedJudgeLevel?: ArrayLike<number> },
  cutoffs: QualityCutoffs,
  labels: readonly number[],
): CalibrationFigures {
  const { human, rawScore, calibratedLevel } = input;
  const rawLevel = Float64Array.from(rawScore, (s) => scoreToLevelScale(s, cutoffs));
  const kappa = (levels: number[]) => (human.length === 0 ? null : cohenKappa(Array.from(human), levels, labels).quadratic.value);
  const top = Math.max(4, ...labels);
  return {
    n: human.length,
    mae: meanAbsoluteError(calibratedLevel, human),
    maeRaw: meanAbsoluteError(rawLevel, human),
    kappa: kappa(input.calibratedJudgeLevel ? Array.from(input.calibratedJudgeLevel) : Array.from(calibratedLevel, (l) => levelOfScore(levelScaleToScore(l, cutoffs), cutoffs))),
    kappaRaw: kappa(Array.from(rawScore, (s) => levelOfScore(s, cutoffs))),
    reliability: { raw: reliabilityBins(rawLevel, human, top), calibrated: reliabilityBins(calibratedLevel, human, top) },
  };
}
