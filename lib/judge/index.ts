// The heuristic judge v1 (seed 002 §3–4, SPEC §3): pure functions reproducing the seed's
// Python exactly, with weights, cut-offs and keyword lists passed in as a JudgeConfig.
export { DEFAULT_JUDGE_CONFIG } from "./config";
export type { JudgeConfig, PersonaWeights, QualityCutoffs } from "./config";
export type * from "./types";
export { calculateLength } from "./length";
export { calculateSentiment } from "./sentiment";
export { calculateCompleteness, calculateRoleAlignment } from "./completeness";
export { extractKeywords } from "./keywords";
export { calculateCriticalIntensity } from "./critical-intensity";
export { calculateResonance } from "./resonance";
export { calculateOverallScore, weightsFor } from "./overall";
export { scoreTurn } from "./score-turn";
export { scoreInputSchema } from "./score-input.schema";
export type { ScoreInput } from "./score-input.schema";
export { calculateSessionSummary } from "./summary";
export type { PersonaBreakdown, ResonanceAverages, SessionSummary, SummaryLogEntry } from "./summary";
export { qualityRating } from "./quality-rating";
export { pyRound } from "./python-round";
export { pythonLower } from "./python-lower";
export { codePointLength, countSentences, countSplitWords, findWordTokens } from "./python-text";
export { toJson } from "./to-json";
