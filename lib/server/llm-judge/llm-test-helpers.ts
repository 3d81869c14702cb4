import "server-only";
// Rows and workers for the LLM-judge integration tests; each test makes its own.
import { randomUUID } from "node:crypto";
import type { EndpointForm } from "@/lib/llm-judge/endpoint.schema";
import type { StartRunInput } from "@/lib/llm-judge/run.schema";
import { getDb } from "../db";
import { startJobWorker, type JobWorker } from "../jobs/job-worker";
import { createJudgeRun } from "./create-judge-run";
import type { RequestPolicy } from "./request-policy";
import { createJudgeJobHandler } from "./run-judge-job";
import { saveJudgeEndpoint } from "./save-judge-endpoint";

/** Short waits so that retries and timeouts take milliseconds, not minutes. */
export const FAST_POLICY: RequestPolicy = { timeoutMs: 2000, maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5000 };

type TurnSpec = { personaId?: string; depthIndex?: number; response?: string; dimension?: string };

/** A session with these turns (ordinals in order); returns its id and the turn ids. */
export async function createSessionWithTurns(turns: TurnSpec[], options: { seedPrompt?: string } = {}): Promise<{ sessionId: number; externalId: string; turnIds: number[] }> {
  const db = getDb();
  const externalId = `llm-test-${randomUUID()}`;
  const session = await db.evalSession.create({
    data: { externalId, contentHash: externalId, seedPrompt: options.seedPrompt ?? "Is free will compatible with determinism?", turnCount: turns.length },
  });
  const turnIds: number[] = [];
  for (const [ordinal, spec] of turns.entries()) {
    const response = spec.response ?? `Response number ${ordinal} of ${externalId}.`;
    const row = await db.turn.create({
      data: {
        sessionId: session.id,
        ordinal,
        depthIndex: spec.depthIndex ?? ordinal,
        stepIndex: 0,
        personaId: spec.personaId ?? "thesis",
        dimension: spec.dimension ?? null,
        response,
        wordCount: response.split(/\s+/).length,
        raw: { response },
      },
      select: { id: true },
    });
    turnIds.push(row.id);
  }
  return { sessionId: session.id, externalId, turnIds };
}

export async function createStubEndpoint(baseUrl: string, overrides: Partial<EndpointForm> = {}) {
  return saveJudgeEndpoint({
    name: `stub-${randomUUID()}`,
    baseUrl,
    model: `stub-model-${randomUUID().slice(0, 8)}`,
    apiKey: undefined,
    clearApiKey: false,
    temperature: 0,
    maxConcurrency: 1,
    requestsPerMinute: 100_000,
    inputPricePerMillion: undefined,
    outputPricePerMillion: undefined,
    ...overrides,
  });
}

/**
 * A job kind of this test's own: workers of other test files (which share the database)
 * never take its jobs, and it never takes theirs.
 */
export function uniqueJobKind(): string {
  return `llm-judge.test-${randomUUID()}`;
}

export async function startRun(input: Omit<StartRunInput, "limit"> & { limit?: number }, kind: string) {
  return createJudgeRun({ limit: 100, ...input }, null, { kind });
}

export function startTestWorker(kind: string, options: { policy?: RequestPolicy; leaseMs?: number; workerId?: string } = {}): JobWorker {
  return startJobWorker({
    handlers: { [kind]: createJudgeJobHandler(options.policy ?? FAST_POLICY) },
    pollIntervalMs: 20,
    leaseMs: options.leaseMs ?? 5000,
    workerId: options.workerId,
    log: () => {},
  });
}

/** Polls the job until `isDone` holds for it (by default: a final status). */
export async function waitForJob(jobId: number, isDone: (job: { status: string; completed: number; failed: number }) => boolean = (job) => ["done", "failed", "cancelled"].includes(job.status), timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
    if (isDone(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} (${job.completed}/${job.total}, ${job.failed} failed) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `condition` holds. */
export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The error a promise rejects with, checked to be of the given class. */
export async function errorOf<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof type)) throw new Error(`expected a ${type.name}, got ${String(outcome)}`);
  return outcome;
}
