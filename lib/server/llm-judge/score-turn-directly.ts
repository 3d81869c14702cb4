import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import type { JudgeCriterion } from "@/lib/llm-judge/criteria";
import { buildDirectScoringMessages, type TurnToJudge } from "@/lib/llm-judge/direct-prompt";
import { directOutputSchema, summariseDirectOutput, type DirectOutput, type DirectVerdict } from "@/lib/llm-judge/direct-output.schema";
import { askForJson, type Exchange } from "./ask-for-json";
import type { CallOptions } from "./call-chat";
import type { EndpointCredentials } from "./find-endpoint-credentials";

export type DirectScore = { verdict: DirectVerdict; output: DirectOutput; exchanges: Exchange[]; model: string | null };

/**
 * Seed 001's direct scoring of one turn: justification before score, validated JSON. The
 * cut-offs place the overall level on the 0–1 scale (scoreOfQualityLevel).
 */
export async function scoreTurnDirectly(endpoint: EndpointCredentials, turn: TurnToJudge, criteria: readonly JudgeCriterion[], cutoffs: QualityCutoffs, options: CallOptions): Promise<DirectScore> {
  const messages = buildDirectScoringMessages(turn, criteria);
  const { value, exchanges, model } = await askForJson(endpoint, messages, directOutputSchema(criteria), options);
  return { verdict: summariseDirectOutput(value, criteria, cutoffs), output: value, exchanges, model };
}
