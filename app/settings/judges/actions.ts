"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { endpointFormSchema, endpointIdSchema } from "@/lib/llm-judge/endpoint.schema";
import { authorizedAction, type ActionState } from "@/lib/server/auth/guards";
import { deleteJudgeEndpoint } from "@/lib/server/llm-judge/delete-judge-endpoint";
import { saveJudgeEndpoint } from "@/lib/server/llm-judge/save-judge-endpoint";
import { testEndpointConnection, type ConnectionTest } from "@/lib/server/llm-judge/test-endpoint-connection";

const saveEndpoint = authorizedAction<typeof endpointFormSchema, undefined>(ACCESS.administer, endpointFormSchema, async (input) => {
  const endpoint = await saveJudgeEndpoint(input);
  revalidatePath("/settings/judges");
  return { message: `${input.endpointId ? "Saved" : "Added"} ${endpoint.name}${endpoint.hasApiKey ? " (key set)" : ""}.` };
});

/**
 * Adds or edits an endpoint. A form that fails validation is echoed back so nobody types
 * it twice — all but the API key, which never travels back to the browser.
 */
export async function saveEndpointAction(previous: ActionState, formData: FormData): Promise<ActionState> {
  const state = await saveEndpoint(previous, formData);
  if (state.status !== "error" || !state.values) return state;
  const { apiKey: _apiKey, ...values } = state.values;
  return { ...state, values };
}

export const deleteEndpointAction = authorizedAction<typeof endpointIdSchema, undefined>(ACCESS.administer, endpointIdSchema, async (input) => {
  await deleteJudgeEndpoint(input.endpointId);
  revalidatePath("/settings/judges");
  return { message: "Deleted." };
});

/** "Test connection": one tiny request, reporting latency, model and any error in plain words. */
export const testEndpointConnectionAction = authorizedAction<typeof endpointIdSchema, ConnectionTest>(ACCESS.administer, endpointIdSchema, async (input) => {
  return { data: await testEndpointConnection(input.endpointId) };
});
