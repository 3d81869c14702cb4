import { describe, expect, it } from "vitest";
import { parseRetryAfter, retryDelayMs } from "./retry-delay";
import { bucketCapacity, TokenBucket } from "./token-bucket";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter("0.5", now)).toBe(500);
  });

  it("reads an HTTP-date relative to now, and a past date as no wait", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("returns null when the header is absent or unreadable", () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});

describe("retryDelayMs", () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 8000 };

  it("doubles per attempt, half fixed and half jitter", () => {
    expect([0, 1, 2].map((attempt) => retryDelayMs(attempt, policy, null, () => 0))).toEqual([500, 1000, 2000]);
    expect([0, 1, 2].map((attempt) => retryDelayMs(attempt, policy, null, () => 1))).toEqual([1000, 2000, 4000]);
  });

  it("stops growing at the cap", () => {
    expect(retryDelayMs(10, policy, null, () => 1)).toBe(8000);
  });

  it("never waits less than Retry-After", () => {
    expect(retryDelayMs(0, policy, 30_000, () => 1)).toBe(30_000);
    expect(retryDelayMs(2, policy, 100, () => 1)).toBe(4000);
  });
});

describe("TokenBucket", () => {
  it("lets a burst of `capacity` through, then one per 60/rate seconds", () => {
    const bucket = new TokenBucket(120, 2, 0);

    expect([bucket.take(0), bucket.take(0)]).toEqual([0, 0]);
    expect(bucket.take(0)).toBe(500);
    expect(bucket.take(499)).toBe(1);
    expect(bucket.take(500)).toBe(0);
  });

  it("does not store more than its capacity while idle", () => {
    const bucket = new TokenBucket(60, 1, 0);
    bucket.take(0);

    expect(bucket.take(3_600_000)).toBe(0);
    expect(bucket.take(3_600_000)).toBe(1000);
  });

  it("lets through no more than capacity + rate·t requests in t", () => {
    const bucket = new TokenBucket(600, bucketCapacity(600), 0);
    let passed = 0;
    for (let now = 0; now <= 60_000; now += 7) while (bucket.take(now) === 0) passed += 1;

    expect(passed).toBeLessThanOrEqual(600 + bucketCapacity(600));
    expect(passed).toBeGreaterThanOrEqual(600);
  });

  it("gives a burst of one second's worth of requests, and at least one", () => {
    expect([1, 59, 60, 600, 6000].map(bucketCapacity)).toEqual([1, 1, 1, 10, 100]);
  });
});
