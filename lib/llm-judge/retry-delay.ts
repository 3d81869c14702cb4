/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, in milliseconds from
 * `now`; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export type BackoffPolicy = { baseDelayMs: number; maxDelayMs: number };

/**
 * The wait before retry number `attempt` (0 = first retry): exponential backoff
 * base·2^attempt capped at maxDelayMs, with "equal jitter" (half fixed, half random) so
 * that workers hit by the same 429 do not come back in step; never shorter than the
 * server's Retry-After.
 */
export function retryDelayMs(attempt: number, policy: BackoffPolicy, retryAfterMs: number | null, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = exponential / 2 + (exponential / 2) * random();
  return Math.max(retryAfterMs ?? 0, jittered);
}
