import type { QualityCutoffs } from "@/lib/judge";
import { QUALITY_LEVELS, type QualityLevel } from "@/lib/thresholds/levels";

/**
 * The 0–1 overall score stored for an LLM verdict on the four quality levels: the middle
 * of that level's band under the cut-offs in force (Poor [0, fair), Fair [fair, good),
 * Good [good, excellent), Excellent [excellent, 1]). Every page places a judge's score on
 * the levels with the active cut-offs (levelOfScore); the middle of the band gives back
 * the LLM's own level there, keeps the levels' order for ρ and τ, and is the value least
 * disturbed by a later small change of the cut-offs.
 */
export function scoreOfQualityLevel(level: QualityLevel, cutoffs: QualityCutoffs): number {
  const bounds = [0, cutoffs.fair, cutoffs.good, cutoffs.excellent, 1];
  return (bounds[level - 1] + bounds[level]) / 2;
}

export function isQualityScale(labels: readonly string[]): boolean {
  return labels.length === QUALITY_LEVELS.length && labels.every((label, index) => label === QUALITY_LEVELS[index]);
}
