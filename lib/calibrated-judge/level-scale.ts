// The bridge between a judge's 0–1 score and the human level scale 1–4, through the quality
// cut-offs: a score at the Fair cut-off sits half-way between Poor and Fair (1.5), at Good
// 2.5, at Excellent 3.5, with 0 at 1 and 1 at 4, linear in between. Read one way it is what
// a raw score claims about the human level; read the other way it turns a calibrated level
// back into a score whose level under the same cut-offs is the nearest level (half up).
import type { QualityCutoffs } from "@/lib/judge";

const LEVELS = [1, 1.5, 2.5, 3.5, 4] as const;

function anchors(cutoffs: QualityCutoffs): number[] {
  return [0, cutoffs.fair, cutoffs.good, cutoffs.excellent, 1];
}

/**
 * Piecewise-linear interpolation through (xs, ys), xs non-decreasing, clamped at the ends.
 * On a repeated x (a cut-off at 0 or 1) the last of its points counts, as levelOfScore
 * gives a score at a cut-off the upper level.
 */
function interpolate(value: number, xs: readonly number[], ys: readonly number[]): number {
  if (value < xs[0]) return ys[0];
  let j = xs.length - 1;
  while (xs[j] > value) j--;
  if (j === xs.length - 1) return ys[j];
  return ys[j] + ((ys[j + 1] - ys[j]) * (value - xs[j])) / (xs[j + 1] - xs[j]);
}

/** What a 0–1 score says about the human level, on the continuous scale 1–4. */
export function scoreToLevelScale(score: number, cutoffs: QualityCutoffs): number {
  return interpolate(score, anchors(cutoffs), LEVELS);
}

/** The 0–1 score standing for a level on the continuous scale 1–4 (levelOfScore of it rounds half up). */
export function levelScaleToScore(level: number, cutoffs: QualityCutoffs): number {
  return interpolate(level, LEVELS, anchors(cutoffs));
}
