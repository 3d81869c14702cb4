import "server-only";
import type { BackoffPolicy } from "@/lib/llm-judge/retry-delay";
import { connectTimeoutMs } from "./probe-connection";

/**
 * How hard to try one chat request: its timeout, how many retries on transient failures
 * (429, 5xx, timeouts), the backoff between them, and the longest Retry-After honoured
 * before giving the item up. CONCORD_LLM_TIMEOUT_MS overrides the timeout (slow local
 * models need more than the default).
 */
export type RequestPolicy = BackoffPolicy & {
  timeoutMs: number;
  /** The connection stage's own limit (CONCORD_LLM_CONNECT_TIMEOUT_MS, 5 s); none: no separate check. */
  connectTimeoutMs?: number;
  maxRetries: number;
  maxRetryAfterMs: number;
};

export function defaultRequestPolicy(env: Readonly<Record<string, string | undefined>> = process.env): RequestPolicy {
  const timeout = Number(env.CONCORD_LLM_TIMEOUT_MS);
  return {
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 120_000,
    connectTimeoutMs: connectTimeoutMs(env),
    maxRetries: 4,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
    maxRetryAfterMs: 10 * 60_000,
  };
}
