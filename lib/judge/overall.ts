// The per-persona weighted overall score (seed 002 §4.1).
import { compileConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig, type PersonaWeights } from "./config";
import { pyRound } from "./python-round";
import type { CompletenessMetrics, CriticalIntensityMetrics, LengthMetrics, SentimentMetrics } from "./types";

/** The weights of `personaId`, or the default (thesis) weights for an unknown persona. */
export function weightsFor(personaId: string, config: JudgeConfig = DEFAULT_JUDGE_CONFIG): PersonaWeights {
  return compileConfig(config).weights.get(personaId) ?? config.defaultWeights;
}

/**
 * Weighted sum of the rounded metric scores: length, |sentiment| (a strongly negative
 * antithesis is as good as a positive thesis), completeness, critical intensity (0 when
 * absent). Summed in the seed's order so that floating-point results match it exactly.
 */
export function calculateOverallScore(
  length: LengthMetrics,
  sentiment: SentimentMetrics,
  completeness: CompletenessMetrics,
  critical: CriticalIntensityMetrics | null,
  personaId: string,
  config: JudgeConfig = DEFAULT_JUDGE_CONFIG,
): number {
  const w = weightsFor(personaId, config);
  const score =
    w.length * length.length_score +
    w.sentiment * Math.abs(sentiment.sentiment_score) +
    w.completeness * completeness.completeness_score +
    (w.critical_intensity ?? 0) * (critical?.intensity_score ?? 0);
  return pyRound(score, 2);
}
