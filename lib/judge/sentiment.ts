// Sentiment (seed 002 §3.1 (2)): share of positive minus negative tokens, scaled by 10.
import { compileConfig, tokenHash, type CompiledConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { isLowerAligned, pythonLower } from "./python-lower";
import { pyRound } from "./python-round";
import { scanWordTokens } from "./python-text";
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
  return sentimentOf(response, pythonLower(response), compileConfig(config));
}

/** `responseLower` is pythonLower(response), shared with the other metrics of a turn. */
export function sentimentOf(response: string, responseLower: string, compiled: CompiledConfig): SentimentMetrics {
  const { positive, negative, hasSentimentLength, sentimentByHash } = compiled;
  // The seed lower-cases each token on its own; slicing the lower-cased response is the same
  // whenever lower-casing maps every code unit in place (see isLowerAligned).
  const aligned = isLowerAligned(response, responseLower);
  let total = 0;
  let pos = 0;
  let neg = 0;
  scanWordTokens(response, (start, end) => {
    total++;
    if (aligned) {
      const length = end - start;
      if (length >= hasSentimentLength.length || hasSentimentLength[length] === 0) return;
      // Looked up in place: no token string is made for the many tokens that are no sentiment word.
      const candidates = sentimentByHash.get(tokenHash(responseLower, start, end));
      if (candidates === undefined) return;
      for (const candidate of candidates) {
        if (candidate.token.length !== length || !responseLower.startsWith(candidate.token, start)) continue;
        if (candidate.isPositive) pos++;
        if (candidate.isNegative) neg++;
        return;
      }
      return;
    }
    const token = pythonLower(response.slice(start, end));
    if (positive.has(token)) pos++;
    if (negative.has(token)) neg++;
  });
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
