import { z } from "zod";

// judge_scores.metrics read back for display (seed 002 §3): every part optional and loose, so
// a judge that wrote fewer or other fields still shows what it has instead of failing.

const number = z.number().nullish();
const flag = z.boolean().nullish();

export const turnMetricsSchema = z.looseObject({
  length: z
    .looseObject({ char_count: number, word_count: number, sentence_count: number, avg_sentence_length: number, length_score: number })
    .nullish(),
  sentiment: z
    .looseObject({ sentiment_score: number, positive_count: number, negative_count: number, neutral_ratio: number, confidence: number })
    .nullish(),
  completeness: z
    .looseObject({
      has_reasoning: flag,
      has_concrete_example: flag,
      addresses_prompt: flag,
      keyword_coverage: number,
      role_alignment: number,
      completeness_score: number,
    })
    .nullish(),
  critical_intensity: z
    .looseObject({ critical_keywords_count: number, question_count: number, disagreement_level: number, intensity_score: number })
    .nullish(),
  resonance: z
    .looseObject({ impact_score: number, transparency: number, reproducibility: number, verifiability: number, notes: z.string().nullish() })
    .nullish(),
  overall_score: number,
});

export type TurnMetricsView = z.infer<typeof turnMetricsSchema>;

/** The metrics object when it has the expected shape, else null (shown as "no breakdown"). */
export function readTurnMetrics(value: unknown): TurnMetricsView | null {
  if (value === null || value === undefined) return null;
  const parsed = turnMetricsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
