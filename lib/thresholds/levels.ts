import type { QualityCutoffs } from "@/lib/judge";

/**
 * The four ordered quality levels shared by the judge (seed 002 §4.2), the rating queue
 * and the agreement report: 1 = Poor … 4 = Excellent.
 */
export const QUALITY_LEVELS = ["Poor", "Fair", "Good", "Excellent"] as const;
export type QualityLevelName = (typeof QUALITY_LEVELS)[number];
export type QualityLevel = 1 | 2 | 3 | 4;

/** 1 + the number of cut-offs at or below the score: the judge's level for a score. */
export function levelOfScore(score: number, cutoffs: QualityCutoffs): QualityLevel {
  if (score >= cutoffs.excellent) return 4;
  if (score >= cutoffs.good) return 3;
  if (score >= cutoffs.fair) return 2;
  return 1;
}

export function levelName(level: QualityLevel): QualityLevelName {
  return QUALITY_LEVELS[level - 1];
}

/** Distance from a score to the nearest cut-off: small means a human label is worth most. */
export function distanceToNearestCutoff(score: number, cutoffs: QualityCutoffs): number {
  return Math.min(Math.abs(score - cutoffs.fair), Math.abs(score - cutoffs.good), Math.abs(score - cutoffs.excellent));
}

/** Scores from `min` (inclusive, none = no lower bound) to `below` (exclusive, none = no upper bound). */
export type ScoreRange = { min?: number; below?: number };

/**
 * The score ranges whose levelOfScore is one of `levels`, adjacent levels merged into one
 * range (Good and Excellent → at least the Good cut-off), in level order: a level filter
 * written as score bounds, which an index on the score can answer.
 */
export function scoreRangesOfLevels(levels: readonly QualityLevel[], cutoffs: QualityCutoffs): ScoreRange[] {
  const bounds = [undefined, cutoffs.fair, cutoffs.good, cutoffs.excellent, undefined];
  const ranges: ScoreRange[] = [];
  let open: QualityLevel | null = null;
  for (const level of [1, 2, 3, 4, 5] as const) {
    const wanted = level <= 4 && levels.includes(level as QualityLevel);
    if (wanted && open === null) open = level as QualityLevel;
    if (!wanted && open !== null) {
      ranges.push(withoutUndefined({ min: bounds[open - 1], below: bounds[level - 1] }));
      open = null;
    }
  }
  return ranges;
}

function withoutUndefined(range: ScoreRange): ScoreRange {
  return Object.fromEntries(Object.entries(range).filter(([, value]) => value !== undefined));
}
