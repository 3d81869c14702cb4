import "server-only";
import { z } from "zod";
import type { ChatMessage } from "@/lib/llm-judge/chat";
import { chatCompletionsUrl } from "@/lib/llm-judge/endpoint.schema";
import { parseRetryAfter } from "@/lib/llm-judge/retry-delay";
import { ChatRequestError, failureKindOfStatus, redact } from "./chat-request-error";
import type { EndpointCredentials } from "./find-endpoint-credentials";
import { probeConnection } from "./probe-connection";

const completionSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullish() }).nullish(), finish_reason: z.string().nullish() }))
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }).partial().nullish(),
});

export type ChatReply = {
  content: string;
  finishReason: string | null;
  model: string | null;
  usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
};

/**
 * One POST {baseUrl}/chat/completions (OpenAI's request and response shape, which vLLM,
 * Ollama, llama.cpp server and LM Studio also speak), with a timeout. `jsonMode` asks for
 * `response_format: {type: "json_object"}`; the prompts ask for JSON in words as well.
 * Errors are ChatRequestErrors that never carry the API key.
 */
export async function requestChatCompletion(
  endpoint: EndpointCredentials,
  messages: readonly ChatMessage[],
  options: { signal?: AbortSignal; timeoutMs: number; jsonMode: boolean; maxTokens?: number; connectTimeoutMs?: number },
): Promise<ChatReply> {
  // The connection stage on its own clock: an unreachable host fails in seconds, not after the request timeout.
  if (options.connectTimeoutMs !== undefined) await probeConnection(endpoint.baseUrl, options.connectTimeoutMs);
  const body = {
    model: endpoint.model,
    messages,
    temperature: endpoint.temperature,
    ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
    ...(options.jsonMode ? { response_format: { type: "json_object" } } : {}),
  };
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let status = 0;
  let text: string;
  let retryAfter: string | null = null;
  try {
    const response = await fetch(chatCompletionsUrl(endpoint.baseUrl), { method: "POST", headers, body: JSON.stringify(body), signal });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.aborted) throw new ChatRequestError(`no answer within ${options.timeoutMs / 1000} s (timed out)`, "transient");
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new ChatRequestError(`could not reach ${endpoint.name}: ${redact(cause, endpoint.apiKey)}`, "transient");
  }

  if (status < 200 || status >= 300) {
    const kind = failureKindOfStatus(status);
    throw new ChatRequestError(`${endpoint.name} answered HTTP ${status}: ${redact(text, endpoint.apiKey) || "(no body)"}`, kind, status, parseRetryAfter(retryAfter, Date.now()));
  }
  let parsed: z.infer<typeof completionSchema>;
  try {
    parsed = completionSchema.parse(JSON.parse(text));
  } catch {
    throw new ChatRequestError(`${endpoint.name} did not answer in the chat-completions format: ${redact(text, endpoint.apiKey, 200)}`, "item", status);
  }
  const [choice] = parsed.choices;
  return { content: choice.message?.content ?? "", finishReason: choice.finish_reason ?? null, model: parsed.model ?? null, usage: parsed.usage ?? null };
}
