// The session's quality level from its average overall score (seed 002 §4.2).
import { DEFAULT_JUDGE_CONFIG, type QualityCutoffs } from "./config";
import type { QualityRating } from "./types";

/** Excellent ≥ excellent, Good ≥ good, Fair ≥ fair, else Poor (defaults 0.80 / 0.65 / 0.50). */
export function qualityRating(
  score: number,
  cutoffs: QualityCutoffs = DEFAULT_JUDGE_CONFIG.qualityCutoffs,
): QualityRating {
  if (score >= cutoffs.excellent) return "Excellent";
  if (score >= cutoffs.good) return "Good";
  if (score >= cutoffs.fair) return "Fair";
  return "Poor";
}
