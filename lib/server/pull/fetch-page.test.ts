import { describe, expect, it } from "vitest";
import { fetchJsonPage, PullError, retryAfterMs } from "./fetch-page";

describe("retryAfterMs", () => {
  it("reads delta-seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:28:10 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:28:00 GMT", Date.parse("Wed, 21 Oct 2026 07:29:00 GMT"))).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs("soon")).toBeNull();
  });
});

describe("fetchJsonPage", () => {
  const init = { headers: {}, toolName: "Tool", authHint: "check --token" };

  it("retries a network failure with a doubling wait, then names it", async () => {
    const waits: number[] = [];
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const outcome = await fetchJsonPage("http://h/x?page=1", init, { fetch: failing, sleep: async (ms) => void waits.push(ms), baseDelayMs: 100, maxAttempts: 3 }).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(PullError);
    expect((outcome as PullError).message).toBe("Tool did not answer (fetch failed) at /x?page=1, 3 tries");
    expect(waits).toEqual([100, 200]);
  });

  it("refuses a Retry-After longer than it is willing to wait", async () => {
    const limited = (async () => new Response("", { status: 429, headers: { "retry-after": "3600" } })) as unknown as typeof fetch;
    const outcome = await fetchJsonPage("http://h/x", init, { fetch: limited, sleep: async () => {}, maxRetryAfterMs: 60_000 }).catch((e: unknown) => e);
    expect((outcome as PullError).message).toBe("Tool asked to wait 3600 s (Retry-After) at /x; run the command again later to resume");
  });

  it("fails on a 404 with its status and the start of its body, without retrying", async () => {
    let calls = 0;
    const missing = (async () => (calls++, new Response("no such project", { status: 404 }))) as unknown as typeof fetch;
    const outcome = await fetchJsonPage("http://h/api/tasks?project=9", init, { fetch: missing, sleep: async () => {} }).catch((e: unknown) => e);
    expect((outcome as PullError).message).toBe("Tool answered HTTP 404 at /api/tasks?project=9: no such project");
    expect(calls).toBe(1);
  });
});
