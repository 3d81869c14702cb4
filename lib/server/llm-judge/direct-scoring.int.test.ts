import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { QualityCutoffs } from "@/lib/judge";
import { DEFAULT_OVERALL_CRITERION } from "@/lib/llm-judge/criteria";
import { levelOfScore } from "@/lib/thresholds/levels";
import { directReply, inOrder, startOpenAiStub, type OpenAiStub } from "@/scripts/test/openai-stub-server";
import { getDb } from "../db";
import type { JobWorker } from "../jobs/job-worker";
import type { RequestPolicy } from "./request-policy";
import { createSessionWithTurns, createStubEndpoint, startRun, startTestWorker, uniqueJobKind, waitForJob } from "./llm-test-helpers";

let stub: OpenAiStub;
let worker: JobWorker | null = null;

beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  stub.requests.length = 0;
});
afterAll(async () => {
  await stub.close();
});

async function runDirect(turnCount: number, policy?: RequestPolicy, limits: { maxConcurrency?: number; requestsPerMinute?: number } = {}) {
  const { sessionId, turnIds } = await createSessionWithTurns(Array.from({ length: turnCount }, () => ({})));
  const endpoint = await createStubEndpoint(stub.baseUrl, limits);
  const kind = uniqueJobKind();
  const run = await startRun({ endpointId: endpoint.id, task: "direct", scope: "session", sessionId }, kind);
  worker = startTestWorker(kind, { policy });
  const job = await waitForJob(run.jobId);
  const scores = await getDb().judgeScore.findMany({ where: { turnId: { in: turnIds } }, include: { judge: true }, orderBy: { turnId: "asc" } });
  return { job, scores, endpoint, turnIds };
}

describe("direct scoring against an OpenAI-compatible endpoint", () => {
  it("stores a well-formed verdict as an llm judge score with its rationale and raw output", async () => {
    stub.setScript(() => ({ content: directReply(3, "Specific and in role.") }));

    const { job, scores, endpoint, turnIds } = await runDirect(2);

    expect(job).toMatchObject({ status: "done", total: 2, completed: 2, failed: 0, lastError: null });
    expect(stub.requests).toHaveLength(2);
    expect(scores).toHaveLength(2);
    const [score] = scores;
    expect(score.turnId).toBe(turnIds[0]);
    const { cutoffs } = (score.metrics as unknown as { thresholds: { cutoffs: QualityCutoffs } }).thresholds;
    expect(score.overallScore).toBe((cutoffs.good + cutoffs.excellent) / 2);
    expect(levelOfScore(score.overallScore, cutoffs)).toBe(3);
    expect(score.rationale).toBe("Specific and in role.");
    expect(score.metrics).toMatchObject({ level: 3, levelLabel: "Good", rubric: { kind: "rubric", rubricVersionId: expect.any(Number) }, thresholds: { version: expect.any(Number) } });
    expect(score.rawOutput).toMatchObject({ promptVersion: PROMPT_VERSION, exchanges: [{ content: directReply(3, "Specific and in role."), problem: null }] });
    expect(score.judge).toMatchObject({ name: `llm:${endpoint.model}`, version: PROMPT_VERSION, kind: "llm", endpointId: endpoint.id });
  });

  it("sends the model, the temperature, JSON mode and the rubric's levels", async () => {
    stub.setScript(() => ({ content: directReply(2) }));

    const { endpoint } = await runDirect(1);

    const [request] = stub.requests;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.body).toMatchObject({ model: endpoint.model, temperature: 0, response_format: { type: "json_object" } });
    expect(request.headers.authorization).toBeUndefined();
    const prompt = request.body.messages!.map((message) => message.content).join("\n");
    for (const level of DEFAULT_OVERALL_CRITERION.levels) expect(prompt).toContain(`${level.score} = ${level.label}`);
  });

  it("retries once with a corrective message after a malformed reply", async () => {
    stub.setScript(inOrder({ content: "I would rate this a solid 3." }, { content: directReply(4) }));

    const { job, scores } = await runDirect(1);

    expect(job).toMatchObject({ status: "done", completed: 1, failed: 0 });
    expect(stub.requests).toHaveLength(2);
    const retry = stub.requests[1].body.messages!;
    expect(retry.at(-2)).toEqual({ role: "assistant", content: "I would rate this a solid 3." });
    expect(retry.at(-1)?.content).toMatch(/^Your previous reply could not be used: the reply is not valid JSON/);
    expect(scores[0].metrics).toMatchObject({ level: 4, levelLabel: "Excellent" });
    expect(scores[0].rawOutput).toMatchObject({ exchanges: [{ content: "I would rate this a solid 3.", problem: expect.stringContaining("not valid JSON") }, { problem: null }] });
  });

  it("records a clear failure on the item and the job when the reply is malformed twice", async () => {
    stub.setScript(inOrder({ content: '{"scores": []}' }, { content: '{"scores":[{"criterion":"overall","justification":"ok","score":9}]}' }));

    const { job, scores, turnIds } = await runDirect(1);

    expect(stub.requests).toHaveLength(2);
    expect(scores).toHaveLength(0);
    expect(job).toMatchObject({ status: "failed", completed: 0, failed: 1 });
    expect(job.lastError).toMatch(new RegExp(`^turn ${turnIds[0]}: the model's output was malformed twice: the JSON does not match the required format \\(scores\\.0\\.score: must be between 1 and 4\\)`));
    expect((job.payload as { failures: unknown[] }).failures).toEqual([{ item: `turn ${turnIds[0]}`, error: expect.stringContaining("malformed twice"), kind: "unparseable" }]);
  });

  it("keeps going after a failed item: the run is done with the failure counted", async () => {
    stub.setScript((request) => (request.index < 2 ? { content: "nope" } : { content: directReply(1) }));

    const { job, scores } = await runDirect(2);

    expect(job).toMatchObject({ status: "done", completed: 1, failed: 1 });
    expect(scores).toHaveLength(1);
    expect(scores[0].metrics).toMatchObject({ level: 1, levelLabel: "Poor" });
  });

  it("waits for Retry-After after a 429, then succeeds", async () => {
    stub.setScript(inOrder({ status: 429, headers: { "retry-after": "1" }, body: { error: { message: "Rate limit reached" } } }, { content: directReply(3) }));

    const { job, scores } = await runDirect(1);

    expect(job).toMatchObject({ status: "done", completed: 1, failed: 0 });
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1].receivedAt - stub.requests[0].receivedAt).toBeGreaterThanOrEqual(990);
    expect(scores).toHaveLength(1);
  });

  it("retries a 5xx with backoff", async () => {
    stub.setScript(inOrder({ status: 503, body: "overloaded" }, { status: 502, body: "bad gateway" }, { content: directReply(2) }));

    const { job } = await runDirect(1);

    expect(job).toMatchObject({ status: "done", completed: 1 });
    expect(stub.requests).toHaveLength(3);
  });

  it("abandons a request that times out and tries again", async () => {
    stub.setScript(inOrder({ content: directReply(3), delayMs: 1500 }, { content: directReply(3) }));

    const { job, scores } = await runDirect(1, { timeoutMs: 300, maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5000 });

    expect(job).toMatchObject({ status: "done", completed: 1 });
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[0].isAborted).toBe(true);
    expect(scores).toHaveLength(1);
  });

  it("fails the item, saying so, when every attempt times out", async () => {
    stub.setScript(() => ({ hang: true }));

    const { job } = await runDirect(1, { timeoutMs: 200, maxRetries: 1, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5000 });

    expect(stub.requests).toHaveLength(2);
    expect(job).toMatchObject({ status: "failed", failed: 1 });
    expect(job.lastError).toContain("no answer within 0.2 s (timed out) (gave up after 2 attempts)");
  });

  it("stops the whole run at once when the endpoint refuses the request (401)", async () => {
    stub.setScript(() => ({ status: 401, body: { error: { message: "Incorrect API key provided" } } }));

    const { job } = await runDirect(3);

    expect(stub.requests).toHaveLength(1);
    expect(job.status).toBe("failed");
    expect(job.lastError).toContain("answered HTTP 401: {\"error\":{\"message\":\"Incorrect API key provided\"}}");
  });

  it("asks again without response_format when the server refuses it", async () => {
    stub.setScript((request) => (request.body.response_format ? { status: 400, body: { error: { message: "'response_format.type' must be 'json_schema' or 'text'" } } } : { content: directReply(3) }));

    const { job } = await runDirect(2);

    expect(job).toMatchObject({ status: "done", completed: 2 });
    expect(stub.requests.map((request) => Boolean(request.body.response_format))).toEqual([true, false, false]);
  });

  it("keeps no more requests in flight than the endpoint's max concurrency", async () => {
    // Each reply takes long enough that three requests overlap even on a busy machine.
    stub.setScript(() => ({ content: directReply(3), delayMs: 300 }));

    const { job } = await runDirect(8, undefined, { maxConcurrency: 3 });

    expect(job).toMatchObject({ status: "done", completed: 8 });
    const inFlightAt = (time: number) => stub.requests.filter((request) => request.receivedAt <= time && (request.answeredAt ?? Infinity) > time).length;
    const peak = Math.max(...stub.requests.map((request) => inFlightAt(request.receivedAt)));
    expect(peak).toBe(3);
  });

  it("spaces requests to the endpoint's requests per minute", async () => {
    stub.setScript(() => ({ content: directReply(3) }));

    const { job } = await runDirect(5, undefined, { maxConcurrency: 5, requestsPerMinute: 120 });

    expect(job).toMatchObject({ status: "done", completed: 5 });
    // 120 per minute: a burst of two, then one every 500 ms.
    const offsets = stub.requests.map((request) => request.receivedAt - stub.requests[0].receivedAt);
    expect(offsets[1]).toBeLessThan(250);
    expect(offsets[2]).toBeGreaterThanOrEqual(450);
    expect(offsets[4]).toBeGreaterThanOrEqual(1450);
  });
});
