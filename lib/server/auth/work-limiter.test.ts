import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { RateLimitedError } from "../errors";
import { WorkLimiter } from "./work-limiter";

function limiter(concurrency: number, minQueue = 0) {
  return new WorkLimiter({ concurrency, maxWaitMs: 250, minQueue, initialEstimateMs: 100, busyMessage: "busy" });
}

describe("WorkLimiter", () => {
  it("runs at most `concurrency` jobs at once and queues the rest in order", async () => {
    const work = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (id: number) => async () => {
      running++;
      most = Math.max(most, running);
      await sleep(20);
      running--;
      order.push(id);
      return id;
    };

    const results = await Promise.all([1, 2, 3, 4].map((id) => work.run(job(id))));

    expect(results).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4]);
    expect(work.stats).toMatchObject({ active: 0, waiting: 0 });
  });

  it("refuses at once, with the expected wait, a job that could not start within maxWaitMs", async () => {
    const work = limiter(1); // 100 ms per job: the 1st runs, the 2nd and 3rd wait 100 and 200 ms, the 4th would wait 300
    const admitted = [1, 2, 3].map(() => work.run(() => sleep(100)));

    const refused = await work.run(() => sleep(100)).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ code: "rate_limited", message: "busy", retryAfterSeconds: 1 });
    await Promise.all(admitted);
    expect(work.stats).toMatchObject({ active: 0, waiting: 0 });
  });

  it("always admits up to minQueue waiting jobs, however slow the work has been", async () => {
    const work = new WorkLimiter({ concurrency: 1, maxWaitMs: 250, minQueue: 2, initialEstimateMs: 5000, busyMessage: "busy" });
    const admitted = [1, 2, 3].map(() => work.run(() => sleep(10)));

    const refused = await work.run(() => sleep(10)).catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: "rate_limited", retryAfterSeconds: 15 }); // 3 × 5 s
    await Promise.all(admitted);
  });

  it("frees its slot when a job fails", async () => {
    const work = limiter(1);

    await expect(work.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");

    expect(await work.run(async () => "next")).toBe("next");
    expect(work.stats).toMatchObject({ active: 0, waiting: 0 });
  });
});
