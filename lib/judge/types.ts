// The metric objects of seed 002 §3–4, with the seed's snake_case keys in the seed's order:
// they are written to logs and compared with the Python judge's output as they are.

export interface LengthMetrics {
  char_count: number;
  word_count: number;
  sentence_count: number;
  avg_sentence_length: number;
  length_score: number;
}

export interface SentimentMetrics {
  sentiment_score: number;
  positive_count: number;
  negative_count: number;
  neutral_ratio: number;
  confidence: number;
}

export interface CompletenessMetrics {
  has_reasoning: boolean;
  has_concrete_example: boolean;
  addresses_prompt: boolean;
  keyword_coverage: number;
  role_alignment: number;
  completeness_score: number;
}

export interface CriticalIntensityMetrics {
  critical_keywords_count: number;
  question_count: number;
  disagreement_level: number;
  intensity_score: number;
}

export interface ResonanceMetrics {
  impact_score: number;
  transparency: number;
  reproducibility: number;
  verifiability: number;
  notes: string;
}

/** What the run knew about a turn beyond its text (seed 002 §3.3). */
export interface ResonanceInput {
  tools_used: readonly string[];
  facts_verified: number;
  facts_total: number;
  reproducible: boolean;
  external_references: readonly string[];
}

export interface TurnMetrics {
  length: LengthMetrics;
  sentiment: SentimentMetrics;
  completeness: CompletenessMetrics;
  /** null for every persona but the critical one (antithesis). */
  critical_intensity: CriticalIntensityMetrics | null;
  /** Present only when the turn carried resonance data. */
  resonance?: ResonanceMetrics;
  overall_score: number;
}

export type QualityRating = "Excellent" | "Good" | "Fair" | "Poor";
