import "server-only";
import { RateLimitedError } from "../errors";

/**
 * A small semaphore for expensive work (password hashing): at most `concurrency` jobs run
 * at once, and a job joins the queue only when it can expect to start within `maxWaitMs`
 * (from the running average duration) or the queue is shorter than `minQueue` (so that on
 * a slow machine two people signing in together are not refused); past that it is refused at once with a
 * RateLimitedError carrying the expected wait, so a burst of sign-ins costs a bounded share
 * of the CPU and the pages stay responsive instead of every request slowing down together.
 */
export class WorkLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private averageMs: number;

  constructor(
    private readonly options: { concurrency: number; maxWaitMs: number; minQueue: number; initialEstimateMs: number; busyMessage: string },
  ) {
    this.averageMs = options.initialEstimateMs;
  }

  /** How long a job arriving now would wait before it starts, in milliseconds. */
  expectedWaitMs(): number {
    if (this.active < this.options.concurrency) return 0;
    return ((this.waiting.length + 1) * this.averageMs) / this.options.concurrency;
  }

  get stats(): { active: number; waiting: number; averageMs: number } {
    return { active: this.active, waiting: this.waiting.length, averageMs: this.averageMs };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrency) {
      const waitMs = this.expectedWaitMs();
      if (waitMs > this.options.maxWaitMs && this.waiting.length >= this.options.minQueue) {
        throw new RateLimitedError(this.options.busyMessage, Math.max(1, Math.ceil(waitMs / 1000)));
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      // A running average that follows the machine's real speed (weight 1/5 to the newest).
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const nextJob = this.waiting.shift();
      if (nextJob) nextJob(); // the slot passes straight to the next job
      else this.active--;
    }
  }
}
