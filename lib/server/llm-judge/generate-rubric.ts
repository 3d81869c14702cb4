import "server-only";
import { generatedRubricSchema } from "@/lib/llm-judge/generated-rubric.schema";
import { buildRubricGenerationMessages } from "@/lib/llm-judge/rubric-generation-prompt";
import { toRubricDraft, type RubricDraft, type RubricRequest } from "@/lib/llm-judge/rubric-generation.schema";
import { DomainError } from "../errors";
import { askForJson, MalformedOutputError } from "./ask-for-json";
import { ChatRequestError } from "./chat-request-error";
import { findEndpointCredentials } from "./find-endpoint-credentials";
import { defaultRequestPolicy, type RequestPolicy } from "./request-policy";

/**
 * Asks an endpoint for a rubric for one criterion of the requested type (seed 001),
 * validated, for an admin to review. Runs while the admin waits, so it retries less than a
 * background run does.
 */
export async function generateRubric(request: RubricRequest, policy: RequestPolicy = defaultRequestPolicy()): Promise<RubricDraft> {
  const endpoint = await findEndpointCredentials(request.endpointId);
  try {
    const { value } = await askForJson(endpoint, buildRubricGenerationMessages(request), generatedRubricSchema(request), { policy: { ...policy, maxRetries: 1 } });
    return toRubricDraft(request, value);
  } catch (error) {
    if (error instanceof ChatRequestError || error instanceof MalformedOutputError) throw new DomainError("invalid", `No rubric: ${error.message}.`);
    throw error;
  }
}
