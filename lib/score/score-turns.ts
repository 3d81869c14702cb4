// The answer of POST /api/v1/score for each turn: the heuristic judge's metrics (exactly what
// `concord score` prints) under the active weights, the turn's quality level under the active
// cut-offs, and whether the orchestrator should regenerate it under the retry policy.
import { scoreTurn, type JudgeConfig, type QualityCutoffs, type TurnMetrics } from "@/lib/judge";
import { levelName, levelOfScore, type QualityLevelName } from "@/lib/thresholds/levels";
import { retryCutoffFor, type RetryPolicy } from "./retry-policy.schema";
import type { ScoreTurnInput } from "./score-request.schema";

export type ScoringRules = { config: JudgeConfig; cutoffs: QualityCutoffs; retry: RetryPolicy };

export type ScoredTurn = TurnMetrics & {
  level: QualityLevelName;
  /** True when overall_score is below retry_cutoff: regenerate this response. */
  retry: boolean;
  /** The cut-off this turn was held to (the persona's own, or the default). */
  retry_cutoff: number;
};

export function scoreTurnForRetry(turn: ScoreTurnInput, rules: ScoringRules): ScoredTurn {
  const metrics = scoreTurn(turn, rules.config);
  const retryCutoff = retryCutoffFor(rules.retry, turn.persona_id);
  return {
    ...metrics,
    level: levelName(levelOfScore(metrics.overall_score, rules.cutoffs)),
    retry: metrics.overall_score < retryCutoff,
    retry_cutoff: retryCutoff,
  };
}
