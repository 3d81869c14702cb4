// The judge's data: persona weights, quality cut-offs and every keyword list. Admins edit
// weights and cut-offs (stored and versioned elsewhere), so nothing here is read directly by
// the formulas: they take a JudgeConfig, and DEFAULT_JUDGE_CONFIG holds seed 002's values.

/** Weights of the overall score; the keys are the metric names of the output object. */
export interface PersonaWeights {
  readonly length: number;
  readonly sentiment: number;
  readonly completeness: number;
  readonly critical_intensity?: number;
}

/** Lowest average overall score of each level; anything below `fair` is Poor. */
export interface QualityCutoffs {
  readonly excellent: number;
  readonly good: number;
  readonly fair: number;
}

export interface JudgeConfig {
  /** persona_id → weights of the overall score (seed 002 §4.1). */
  readonly personaWeights: Readonly<Record<string, PersonaWeights>>;
  /** Weights for a persona_id missing from personaWeights (the seed falls back to thesis). */
  readonly defaultWeights: PersonaWeights;
  readonly qualityCutoffs: QualityCutoffs;
  /** Lower-case tokens counted as positive / negative by the sentiment metric. */
  readonly positiveTokens: readonly string[];
  readonly negativeTokens: readonly string[];
  /** Substrings of the lower-cased response that show reasoning / a concrete example. */
  readonly reasoningKeywords: readonly string[];
  readonly exampleKeywords: readonly string[];
  /** Prompt words never taken as keywords. */
  readonly stopwords: readonly string[];
  /** persona_role → substrings that show the role; an unknown role aligns 0.5. */
  readonly roleKeywords: Readonly<Record<string, readonly string[]>>;
  /** Substrings counted by the critical intensity metric. */
  readonly criticalKeywords: readonly string[];
  /** The only persona whose critical intensity is measured. */
  readonly criticalPersonaId: string;
}

const THESIS_WEIGHTS: PersonaWeights = { length: 0.2, sentiment: 0.2, completeness: 0.6 };

export const DEFAULT_JUDGE_CONFIG: JudgeConfig = {
  personaWeights: {
    thesis: THESIS_WEIGHTS,
    antithesis: { length: 0.2, sentiment: 0.1, completeness: 0.4, critical_intensity: 0.3 },
    synthesis: { length: 0.2, sentiment: 0.1, completeness: 0.7 },
  },
  defaultWeights: THESIS_WEIGHTS,
  qualityCutoffs: { excellent: 0.8, good: 0.65, fair: 0.5 },
  positiveTokens: [
    "hope", "growth", "stability", "trust", "creative", "opportunity", "calm",
    "align", "care", "resilience", "insight", "balance", "support", "expand",
    "potential", "synergy", "harmony", "progress", "success", "improve",
  ],
  negativeTokens: [
    "fear", "risk", "fail", "collapse", "danger", "stuck", "hurt", "doubt",
    "chaos", "conflict", "tension", "problem", "issue", "block",
    "weakness", "threat", "error", "concern", "limitation", "barrier",
  ],
  reasoningKeywords: ["because", "since", "therefore", "thus", "hence", "왜냐하면", "따라서", "그러므로"],
  exampleKeywords: ["for example", "such as", "instance", "예를 들어", "가령", "구체적으로"],
  stopwords: ["that", "this", "with", "from", "have", "will", "what", "when", "어떻게", "무엇"],
  roleKeywords: {
    "Seed explorer": ["explore", "expand", "discover", "potential", "탐색", "확장"],
    "Critical reflector": ["challenge", "question", "concern", "risk", "반박", "문제"],
    Integrator: ["synthesize", "reconcile", "integrate", "combine", "통합", "조화"],
    "Affect monitor": ["emotion", "feeling", "affect", "drift", "감정", "분위기"],
    "Implementation planner": ["plan", "action", "step", "implement", "계획", "실행"],
  },
  criticalKeywords: [
    "however", "but", "concern", "problem", "overlook", "ignore",
    "risk", "fail", "weakness", "limitation", "flaw",
    "하지만", "그러나", "문제", "우려", "간과", "위험", "한계",
  ],
  criticalPersonaId: "antithesis",
};
