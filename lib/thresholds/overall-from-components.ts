import {
  calculateOverallScore,
  type CompletenessMetrics,
  type CriticalIntensityMetrics,
  type JudgeConfig,
  type LengthMetrics,
  type SentimentMetrics,
} from "@/lib/judge";
import { compileWeights, overallOf } from "./fast-overall";
import { SEED_THRESHOLDS } from "./thresholds.schema";
import { isSameWeights, type WeightsTable } from "./weights";

/** The stored metric scores of one turn (columns of judge_scores); null when the log lacked one. */
export type ScoreComponents = {
  length: number | null;
  sentiment: number | null;
  completeness: number | null;
  critical: number | null;
};

/**
 * The overall score of a turn under `config`'s weights, from its stored metric scores, by
 * the judge's own calculateOverallScore (Python's half-to-even rounding of the exact sum).
 * A metric missing from an imported log counts 0, as the seed does for a missing critical
 * intensity; the signed sentiment score is stored and its absolute value weighed.
 */
export function overallFromComponents(components: ScoreComponents, personaId: string, config: JudgeConfig): number {
  const length: LengthMetrics = { char_count: 0, word_count: 0, sentence_count: 0, avg_sentence_length: 0, length_score: components.length ?? 0 };
  const sentiment: SentimentMetrics = { sentiment_score: components.sentiment ?? 0, positive_count: 0, negative_count: 0, neutral_ratio: 0, confidence: 0 };
  const completeness: CompletenessMetrics = {
    has_reasoning: false,
    has_concrete_example: false,
    addresses_prompt: false,
    keyword_coverage: 0,
    role_alignment: 0,
    completeness_score: components.completeness ?? 0,
  };
  const critical: CriticalIntensityMetrics | null =
    components.critical === null ? null : { critical_keywords_count: 0, question_count: 0, disagreement_level: 0, intensity_score: components.critical };
  return calculateOverallScore(length, sentiment, completeness, critical, personaId, config);
}

export type StoredScore = ScoreComponents & { personaId: string; overall: number };

/**
 * How a turn scores under a weight table: the seed's weights keep the stored score of the
 * heuristic judge v1 (which may be the log's own); other weights rescore from the metrics.
 */
export function scorerFor(weights: WeightsTable): (score: StoredScore) => number {
  if (isSameWeights(weights, SEED_THRESHOLDS.weights)) return (score) => score.overall;
  // overallFromComponents, without its per-turn objects (fast-overall.ts, tested equal).
  const personas: string[] = [];
  const indexOf = new Map<string, number>();
  let compiled = compileWeights(weights, personas);
  return (score) => {
    let p = indexOf.get(score.personaId);
    if (p === undefined) {
      indexOf.set(score.personaId, (p = personas.length));
      personas.push(score.personaId);
      compiled = compileWeights(weights, personas);
    }
    return overallOf(compiled, p, score.length ?? 0, score.sentiment ?? 0, score.completeness ?? 0, score.critical ?? 0);
  };
}
