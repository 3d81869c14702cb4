import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { bucketCapacity, TokenBucket } from "@/lib/llm-judge/token-bucket";

/**
 * Per-endpoint limits inside this process: at most `maxConcurrency` requests in flight and
 * a token bucket for `requestsPerMinute`, shared by every job the worker runs on that
 * endpoint. A 429 with Retry-After pauses the whole endpoint, not just the one request.
 */
export class EndpointLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly bucket: TokenBucket;
  private pausedUntil = 0;
  /** Set when the server refuses response_format; later requests ask for JSON in words only. */
  isJsonModeUnsupported = false;

  constructor(
    readonly maxConcurrency: number,
    readonly requestsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.bucket = new TokenBucket(requestsPerMinute, bucketCapacity(requestsPerMinute), now());
  }

  get inFlight(): number {
    return this.active;
  }

  /** Runs `task` once a concurrency slot and a rate token are free. */
  async schedule<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquireSlot(signal);
    try {
      await this.waitForToken(signal);
      return await task();
    } finally {
      this.releaseSlot();
    }
  }

  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  private async acquireSlot(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.maxConcurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      this.waiting.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else this.active -= 1;
  }

  private async waitForToken(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const paused = this.pausedUntil - this.now();
      if (paused > 0) {
        await sleep(paused, undefined, { signal });
        continue;
      }
      const wait = this.bucket.take(this.now());
      if (wait === 0) return;
      await sleep(wait, undefined, { signal });
    }
  }
}

const registry = globalThis as unknown as { concordEndpointLimiters?: Map<number, EndpointLimiter> };

/** The limiter of an endpoint, made anew when its limits were edited. */
export function getEndpointLimiter(endpoint: { id: number; maxConcurrency: number; requestsPerMinute: number }): EndpointLimiter {
  registry.concordEndpointLimiters ??= new Map();
  const existing = registry.concordEndpointLimiters.get(endpoint.id);
  if (existing && existing.maxConcurrency === endpoint.maxConcurrency && existing.requestsPerMinute === endpoint.requestsPerMinute) return existing;
  const limiter = new EndpointLimiter(endpoint.maxConcurrency, endpoint.requestsPerMinute);
  if (existing) limiter.isJsonModeUnsupported = existing.isJsonModeUnsupported;
  registry.concordEndpointLimiters.set(endpoint.id, limiter);
  return limiter;
}
