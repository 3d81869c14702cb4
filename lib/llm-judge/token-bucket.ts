/**
 * A token bucket: `capacity` tokens, refilled continuously at `ratePerMinute`. A request
 * takes one token; with none left it waits for the next. The clock is passed in, so the
 * arithmetic is tested without sleeping.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private readonly refillPerMs: number;

  constructor(
    readonly ratePerMinute: number,
    readonly capacity: number,
    now: number,
  ) {
    this.refillPerMs = ratePerMinute / 60_000;
    this.tokens = capacity;
    this.updatedAt = now;
  }

  /** Takes a token and returns 0, or returns the milliseconds until one is available. */
  take(now: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + Math.max(0, now - this.updatedAt) * this.refillPerMs);
    this.updatedAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    // The epsilon keeps float noise (0.998 tokens after 499 ms at 2/s) from adding a millisecond.
    return Math.max(1, Math.ceil((1 - this.tokens) / this.refillPerMs - 1e-9));
  }
}

/** One second's worth of requests as burst (at least one), so a minute never sees much more than the rate. */
export function bucketCapacity(ratePerMinute: number): number {
  return Math.max(1, Math.floor(ratePerMinute / 60));
}
