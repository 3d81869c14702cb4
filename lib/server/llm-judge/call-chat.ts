import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { ChatMessage } from "@/lib/llm-judge/chat";
import { retryDelayMs } from "@/lib/llm-judge/retry-delay";
import { ChatRequestError } from "./chat-request-error";
import { getEndpointLimiter } from "./endpoint-limiter";
import type { EndpointCredentials } from "./find-endpoint-credentials";
import type { RequestPolicy } from "./request-policy";
import { requestChatCompletion, type ChatReply } from "./request-chat-completion";

export type CallOptions = { policy: RequestPolicy; signal?: AbortSignal };

function refusesJsonMode(error: ChatRequestError): boolean {
  return error.kind === "item" && error.status === 400 && /response_format|json_object/i.test(error.message);
}

/**
 * One chat request through the endpoint's limiter, retried with exponential backoff on
 * transient failures (honouring Retry-After, which also pauses the endpoint). A server
 * that refuses `response_format` is asked again without it, and remembered.
 */
export async function callChat(endpoint: EndpointCredentials, messages: readonly ChatMessage[], options: CallOptions): Promise<ChatReply> {
  const limiter = getEndpointLimiter(endpoint);
  const { policy, signal } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      const jsonMode = !limiter.isJsonModeUnsupported;
      return await limiter.schedule(() => requestChatCompletion(endpoint, messages, { signal, timeoutMs: policy.timeoutMs, jsonMode, connectTimeoutMs: policy.connectTimeoutMs }), signal);
    } catch (error) {
      if (!(error instanceof ChatRequestError)) throw error;
      if (refusesJsonMode(error) && !limiter.isJsonModeUnsupported) {
        limiter.isJsonModeUnsupported = true;
        continue;
      }
      if (error.kind !== "transient") throw error;
      if (attempt >= policy.maxRetries) {
        throw new ChatRequestError(`${error.message} (gave up after ${attempt + 1} attempts)`, "transient", error.status);
      }
      if (error.retryAfterMs !== null && error.retryAfterMs > policy.maxRetryAfterMs) {
        throw new ChatRequestError(`${error.message} (the endpoint asked to wait ${Math.round(error.retryAfterMs / 1000)} s; try later)`, "transient", error.status);
      }
      const delay = retryDelayMs(attempt, policy, error.retryAfterMs);
      if (error.retryAfterMs !== null) limiter.pauseFor(delay);
      await sleep(delay, undefined, { signal });
    }
  }
}
