import "server-only";
import type { AnswerType } from "@/lib/llm-judge/criterion-type";
import type { TurnToJudge } from "@/lib/llm-judge/direct-prompt";
import { typedOutputSchema, type TypedAnswer } from "@/lib/llm-judge/typed-output.schema";
import { buildTypedScoringMessages, type CriterionText } from "@/lib/llm-judge/typed-prompt";
import { askForJson, type Exchange } from "./ask-for-json";
import type { CallOptions } from "./call-chat";
import type { EndpointCredentials } from "./find-endpoint-credentials";

export type TypedScore = { answer: TypedAnswer; exchanges: Exchange[]; model: string | null };

/**
 * Direct scoring of a binary, categorical, multi-label or numeric criterion: reasoning
 * before the answer, validated against the criterion's labels or range (one retry, as for
 * levels; a second reply the schema cannot parse is a MalformedOutputError).
 */
export async function answerByType(endpoint: EndpointCredentials, turn: TurnToJudge, criterion: CriterionText, type: AnswerType, options: CallOptions): Promise<TypedScore> {
  const { value, exchanges, model } = await askForJson(endpoint, buildTypedScoringMessages(turn, criterion, type), typedOutputSchema(type), options);
  return { answer: value, exchanges, model };
}
