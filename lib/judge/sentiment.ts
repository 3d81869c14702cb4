// Sentiment (seed 002 §3.1 (2)): share of positive minus negative tokens, scaled by 10.
import { compileConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { pyRound } from "./python-round";
import { scanResponse, type ResponseScan } from "./scan-response";
import type { SentimentMetrics } from "./types";

/** SPEC §3: with no token at all the score is neutral (the seed returned two keys only). */
const NO_TOKENS: SentimentMetrics = {
  sentiment_score: 0.0,
  positive_count: 0,
  negative_count: 0,
  neutral_ratio: 1.0,
  confidence: 0.0,
};

export function calculateSentiment(response: string, config: JudgeConfig = DEFAULT_JUDGE_CONFIG): SentimentMetrics {
  return sentimentOf(scanResponse(response, compileConfig(config)));
}

/** The sentiment metrics from the token counts of scanResponse. */
export function sentimentOf(scan: ResponseScan): SentimentMetrics {
  const { tokens: total, positive: pos, negative: neg } = scan;
  if (total === 0) return { ...NO_TOKENS };

  let score = 0.0;
  let confidence = 0.0;
  if (pos + neg !== 0) {
    score = clamp(((pos - neg) / total) * 10, -1.0, 1.0);
    confidence = clamp((pos + neg) / total, 0.0, 1.0);
  }
  return {
    sentiment_score: pyRound(score, 2),
    positive_count: pos,
    negative_count: neg,
    neutral_ratio: pyRound(1.0 - (pos + neg) / total, 2),
    confidence: pyRound(confidence, 2),
  };
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}
