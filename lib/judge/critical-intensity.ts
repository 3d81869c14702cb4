// Critical intensity (seed 002 §3.2 (4)): how sharp the antithesis' criticism is.
import { compileConfig, type CompiledConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { pythonLower } from "./python-lower";
import { pyRound } from "./python-round";
import { countKeywords, scanResponse, type ResponseScan } from "./scan-response";
import { sentimentOf } from "./sentiment";
import type { CriticalIntensityMetrics } from "./types";

/** Critical keywords / questions that give full marks on their part of the score. */
const FULL_KEYWORDS = 5;
const FULL_QUESTIONS = 3;

/** null for every persona but config.criticalPersonaId (antithesis). */
export function calculateCriticalIntensity(
  response: string,
  personaId: string,
  config: JudgeConfig = DEFAULT_JUDGE_CONFIG,
): CriticalIntensityMetrics | null {
  if (personaId !== config.criticalPersonaId) return null;
  const compiled = compileConfig(config);
  const scan = scanResponse(response, compiled);
  return criticalIntensityOf(pythonLower(response), scan, sentimentOf(scan).sentiment_score, compiled);
}

/**
 * `scan` is the response's scanResponse (it counts the ASCII and full-width question marks of
 * the original text). `sentimentScore` is the rounded score of the sentiment metric, as the seed reads it back
 * from that metric's output; only its negative part counts as disagreement.
 */
export function criticalIntensityOf(
  responseLower: string,
  scan: ResponseScan,
  sentimentScore: number,
  compiled: CompiledConfig,
): CriticalIntensityMetrics {
  const criticalCount = countKeywords(responseLower, compiled.criticalKeywords, scan);
  const questionCount = scan.questions;
  const disagreement = Math.abs(Math.min(sentimentScore, 0.0));
  const intensity =
    0.4 * Math.min(criticalCount / FULL_KEYWORDS, 1.0) +
    0.3 * Math.min(questionCount / FULL_QUESTIONS, 1.0) +
    0.3 * disagreement;
  return {
    critical_keywords_count: criticalCount,
    question_count: questionCount,
    disagreement_level: pyRound(disagreement, 2),
    intensity_score: pyRound(intensity, 2),
  };
}
