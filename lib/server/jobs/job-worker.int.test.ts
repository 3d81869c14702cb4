import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { directReply, startOpenAiStub, type OpenAiStub } from "@/scripts/test/openai-stub-server";
import { getDb } from "../db";
import { createSessionWithTurns, createStubEndpoint, startRun, startTestWorker, uniqueJobKind, waitForJob, waitUntil } from "../llm-judge/llm-test-helpers";
import { cancelJob } from "./cancel-job";
import { claimJob } from "./claim-job";
import { createJob } from "./create-job";
import type { JobWorker } from "./job-worker";
import { retryJob } from "./retry-job";

let stub: OpenAiStub;
const workers: JobWorker[] = [];

beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  stub.requests.length = 0;
});
afterAll(async () => {
  await stub.close();
});

function track(worker: JobWorker): JobWorker {
  workers.push(worker);
  return worker;
}

async function scoresPerTurn(turnIds: number[]) {
  const rows = await getDb().judgeScore.groupBy({ by: ["turnId"], where: { turnId: { in: turnIds } }, _count: { _all: true } });
  return rows.map((row) => row._count._all);
}

async function directRun(turnCount: number) {
  const { sessionId, turnIds } = await createSessionWithTurns(Array.from({ length: turnCount }, () => ({})));
  const endpoint = await createStubEndpoint(stub.baseUrl);
  const kind = uniqueJobKind();
  const run = await startRun({ endpointId: endpoint.id, task: "direct", scope: "session", sessionId }, kind);
  return { ...run, kind, turnIds };
}

describe("the job worker", () => {
  it("resumes a run after a restart without doing any item twice", async () => {
    // Slow answers keep the first worker mid-run when it is stopped.
    stub.setScript(() => ({ content: directReply(3), delayMs: 40 }));
    const { jobId, kind, turnIds } = await directRun(8);

    const first = startTestWorker(kind);
    await waitUntil(() => stub.requests.filter((request) => request.isAnswered).length >= 3);
    await first.stop();
    const paused = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
    expect(paused).toMatchObject({ status: "pending", lockedBy: null });
    expect(paused.completed).toBeGreaterThanOrEqual(3);
    expect(paused.completed).toBeLessThan(8);

    track(startTestWorker(kind));
    const job = await waitForJob(jobId);

    expect(job).toMatchObject({ status: "done", total: 8, completed: 8, failed: 0, attempts: 1 });
    expect(stub.requests).toHaveLength(8);
    expect(stub.requests.every((request) => request.isAnswered && !request.isAborted)).toBe(true);
    expect(await scoresPerTurn(turnIds)).toEqual(Array(8).fill(1));
  });

  it("takes over the run of a worker that died once its lease runs out", async () => {
    stub.setScript((request) => (request.index === 3 ? { hang: true } : { content: directReply(2) }));
    const { jobId, kind, turnIds } = await directRun(6);

    const doomed = startTestWorker(kind, { leaseMs: 600, workerId: "doomed" });
    await waitUntil(() => stub.requests.length === 4);
    await doomed.stop({ abandon: true });
    const orphaned = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
    expect(orphaned).toMatchObject({ status: "running", lockedBy: "doomed", completed: 3 });

    const heir = track(startTestWorker(kind, { leaseMs: 600, workerId: "heir" }));
    const job = await waitForJob(jobId);

    expect(heir.workerId).toBe("heir");
    expect(job).toMatchObject({ status: "done", completed: 6, failed: 0, attempts: 2 });
    // 6 answers, plus the one request that died with the first worker.
    expect(stub.requests).toHaveLength(7);
    expect(stub.requests[3].isAborted).toBe(true);
    expect(await scoresPerTurn(turnIds)).toEqual(Array(6).fill(1));
  });

  it("never gives one job to two workers claiming at the same moment", async () => {
    const kind = uniqueJobKind();
    const jobId = await createJob({ kind, payload: {}, total: 0 });

    const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => claimJob({ workerId: `w${index}`, kinds: [kind], leaseMs: 60_000 })));

    expect(claims.filter((claim) => claim !== null).map((claim) => claim!.id)).toEqual([jobId]);
  });

  it("shares runs between several workers with no item done twice", async () => {
    stub.setScript(() => ({ content: directReply(4), delayMs: 5 }));
    const runs = await Promise.all([directRun(5), directRun(5), directRun(5)]);
    const kind = runs[0].kind;
    await getDb().job.updateMany({ where: { id: { in: runs.map((run) => run.jobId) } }, data: { kind } });

    track(startTestWorker(kind));
    track(startTestWorker(kind));
    const jobs = await Promise.all(runs.map((run) => waitForJob(run.jobId)));

    expect(jobs.map((job) => [job.status, job.completed])).toEqual([["done", 5], ["done", 5], ["done", 5]]);
    expect(stub.requests).toHaveLength(15);
    expect(await scoresPerTurn(runs.flatMap((run) => run.turnIds))).toEqual(Array(15).fill(1));
  });

  it("stops a cancelled run at its next lease renewal, and a retry finishes it", async () => {
    stub.setScript(() => ({ content: directReply(3), delayMs: 30 }));
    const { jobId, kind, turnIds } = await directRun(10);

    track(startTestWorker(kind, { leaseMs: 300 }));
    await waitUntil(() => stub.requests.length >= 2);
    await cancelJob(jobId);
    const cancelled = await waitForJob(jobId, (job) => job.status === "cancelled");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const requestsAfterCancel = stub.requests.length;
    expect(requestsAfterCancel).toBeLessThan(10);
    expect(cancelled.status).toBe("cancelled");

    await retryJob(jobId);
    const job = await waitForJob(jobId);

    expect(job).toMatchObject({ status: "done", completed: 10 });
    expect(await scoresPerTurn(turnIds)).toEqual(Array(10).fill(1));
  });

  it("fails a job whose workers keep dying, after the last attempt", async () => {
    const kind = uniqueJobKind();
    const jobId = await createJob({ kind, payload: {}, total: 1 });
    await getDb().job.update({ where: { id: jobId }, data: { attempts: 5 } });

    track(startTestWorker(kind));
    const job = await waitForJob(jobId);

    expect(job.status).toBe("failed");
    expect(job.lastError).toBe("stopped after 5 attempts: the worker running it kept stopping");
  });
});
