// Response length (seed 002 §3.1 (1)): 100–500 words is the sweet spot.
import { compileConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG } from "./config";
import { pyRound } from "./python-round";
import { scanResponse, type ResponseScan } from "./scan-response";
import type { LengthMetrics } from "./types";

export function calculateLength(response: string): LengthMetrics {
  return lengthOf(scanResponse(response, compileConfig(DEFAULT_JUDGE_CONFIG)));
}

/** The length metrics from the counts of scanResponse. */
export function lengthOf(scan: ResponseScan): LengthMetrics {
  const { codePoints, words: wordCount, sentences: sentenceCount } = scan;
  const avgSentenceLength = sentenceCount > 0 ? wordCount / sentenceCount : 0;
  return {
    char_count: codePoints,
    word_count: wordCount,
    sentence_count: sentenceCount,
    avg_sentence_length: pyRound(avgSentenceLength, 1),
    length_score: pyRound(lengthScore(wordCount), 2),
  };
}

/** 0 → 0.5 up to 50 words, 0.5 → 1.0 up to 500, then down by 0.001 a word to a floor of 0.7. */
function lengthScore(wordCount: number): number {
  if (wordCount < 50) return (wordCount / 50) * 0.5;
  if (wordCount <= 500) return 0.5 + ((wordCount - 50) / 450) * 0.5;
  return Math.max(0.7, 1.0 - (wordCount - 500) / 1000);
}
