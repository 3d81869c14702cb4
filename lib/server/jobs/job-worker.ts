import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { claimJob } from "./claim-job";
import { finishJob } from "./finish-job";
import type { ClaimedJob, JobHandler } from "./job-types";
import { releaseJob } from "./release-job";
import { renewJobLease } from "./renew-job-lease";

export type JobWorkerOptions = {
  handlers: Record<string, JobHandler>;
  workerId?: string;
  /** How often to look for work when idle. */
  pollIntervalMs?: number;
  /** How long a claim lasts without renewal; renewed every third of it. */
  leaseMs?: number;
  /** A job claimed this many times without finishing (its worker keeps dying) is failed. */
  maxAttempts?: number;
  /** Jobs run at once by this worker (each limits its own requests per endpoint). */
  maxJobs?: number;
  log?: (line: string) => void;
};

export type JobWorker = {
  readonly workerId: string;
  /** Looks for work now rather than at the next poll. */
  wake(): void;
  /**
   * Stops taking work. By default the items in hand finish and the jobs are handed back
   * (pending) for the next worker; `abandon` drops everything at once and leaves the
   * leases to expire, as a crashed process would.
   */
  stop(options?: { abandon?: boolean }): Promise<void>;
};

class StopRequested extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "StopRequested";
  }
}

/**
 * The in-process job worker: claims jobs from PostgreSQL, runs their handler while
 * renewing the lease, and finishes, fails or hands them back. Any number of workers, in
 * any number of server processes, can share one database.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const maxJobs = options.maxJobs ?? 2;
  const log = options.log ?? ((line: string) => console.log(`[jobs] ${line}`));
  const kinds = Object.keys(options.handlers);
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let isStopping = false;
  let isAbandoned = false;
  let isDatabaseDown = false;
  let wakeUp: (() => void) | null = null;

  async function run(job: ClaimedJob, controller: AbortController): Promise<void> {
    const heartbeat = setInterval(() => {
      renewJobLease(job.id, workerId, leaseMs)
        .then((isHeld) => isHeld || controller.abort(new StopRequested("the job was cancelled or taken over")))
        .catch(() => {}); // a missed renewal is retried at the next beat; the lease has slack
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref?.();
    try {
      if (job.attempts > maxAttempts) {
        await finishJob(job.id, workerId, `stopped after ${maxAttempts} attempts: the worker running it kept stopping`);
        return;
      }
      const outcome = await options.handlers[job.kind](job, { workerId, signal: controller.signal, isStopping: () => isStopping });
      if (controller.signal.aborted) return;
      if (outcome === "interrupted") await releaseJob(job.id, workerId);
      else await finishJob(job.id, workerId);
    } catch (error) {
      if (controller.signal.aborted || isAbandoned) return;
      const message = error instanceof Error ? error.message : String(error);
      log(`job ${job.id} failed: ${message}`);
      await finishJob(job.id, workerId, message).catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop(): Promise<void> {
    while (!isStopping) {
      let claimed: ClaimedJob | null = null;
      if (running.size < maxJobs) {
        try {
          claimed = await claimJob({ workerId, kinds, leaseMs });
          if (isDatabaseDown) log("the database answers again; looking for jobs");
          isDatabaseDown = false;
        } catch (error) {
          // Said once per outage, not at every poll.
          if (!isDatabaseDown) log(`could not look for jobs (will keep trying): ${error instanceof Error ? error.message : String(error)}`);
          isDatabaseDown = true;
        }
      }
      if (claimed && isStopping) {
        // Claimed while stop() was being asked for: hand it back at once rather than leave it
        // running under this worker's lease until the lease runs out.
        await releaseJob(claimed.id, workerId).catch(() => {});
        break;
      }
      if (claimed) {
        const job = claimed;
        const controller = new AbortController();
        const done = run(job, controller).finally(() => {
          running.delete(job.id);
          wakeUp?.();
        });
        running.set(job.id, { controller, done });
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        timer.unref?.();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  const looping = loop();

  return {
    workerId,
    wake: () => wakeUp?.(),
    async stop(stopOptions = {}) {
      isStopping = true;
      isAbandoned = Boolean(stopOptions.abandon);
      wakeUp?.();
      await looping;
      if (isAbandoned) {
        for (const entry of running.values()) entry.controller.abort(new StopRequested("worker abandoned"));
      }
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}
