import "server-only";

/**
 * A failure the user can act on. Services throw it; the one wrapper for route handlers
 * and server actions (lib/server/auth/guards.ts) turns it into a response or a form message.
 */
export type DomainErrorCode = "invalid" | "not_found" | "conflict" | "forbidden" | "rate_limited";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const HTTP_STATUS: Record<DomainErrorCode, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, rate_limited: 429 };

/** Too much at once: the caller may retry after the given number of seconds (429, Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", message);
    this.name = "RateLimitedError";
  }
}

/** By shape, not instanceof: Next may load this module once per server layer, and the
 *  error can come from a limiter another layer created. */
export function isRateLimited(error: unknown): error is RateLimitedError {
  const candidate = error as Partial<RateLimitedError> | null;
  return candidate?.name === "RateLimitedError" && candidate.code === "rate_limited" && typeof candidate.retryAfterSeconds === "number";
}
