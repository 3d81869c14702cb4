import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inOrder, promptOf, startOpenAiStub, type OpenAiStub, type StubReply } from "@/scripts/test/openai-stub-server";
import { getDb } from "../db";
import type { JobWorker } from "../jobs/job-worker";
import { retryJob } from "../jobs/retry-job";
import { findLlmVerdicts } from "./find-llm-verdicts";
import { runViewSelect, toRunView } from "./to-run-view";
import { createSessionWithTurns, createStubEndpoint, startRun, startTestWorker, uniqueJobKind, waitForJob, waitUntil } from "./llm-test-helpers";

// Direct scoring of binary, categorical, multi-label and numeric criteria (issue #18): the
// turn's dimension names its criterion, whose criterion_types row says what to ask for.
let stub: OpenAiStub;
const workers: JobWorker[] = [];
const declared: string[] = [];

beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  stub.requests.length = 0;
});
afterAll(async () => {
  await getDb().criterionType.deleteMany({ where: { criterion: { in: declared } } });
  await stub.close();
});

type Declaration = { type: string; labels?: string[] | null; positive?: string; min?: number; max?: number };

/** A criterion of this test's own with this type in criterion_types. */
async function declare(type: Declaration): Promise<string> {
  const criterion = `llm-${type.type}-${randomUUID().slice(0, 8)}`;
  declared.push(criterion);
  await getDb().$executeRaw`
    INSERT INTO criterion_types (criterion, type, labels, positive, min, max)
    VALUES (${criterion}, ${type.type}, ${type.labels ?? null}::text[], ${type.positive ?? null}, ${type.min ?? null}, ${type.max ?? null})`;
  return criterion;
}

/** The run as the runs page shows it (the test's own job kind is not a run kind, so not findJudgeRun). */
async function viewOf(jobId: number) {
  return toRunView(await getDb().job.findUniqueOrThrow({ where: { id: jobId }, select: runViewSelect }));
}

const reply = (fields: object): StubReply => ({ content: JSON.stringify({ reasoning: "The response stays on the question.", ...fields }) });

async function start(criterion: string, turnCount: number) {
  const { sessionId, turnIds } = await createSessionWithTurns(Array.from({ length: turnCount }, () => ({ dimension: criterion })));
  const endpoint = await createStubEndpoint(stub.baseUrl);
  const kind = uniqueJobKind();
  const run = await startRun({ endpointId: endpoint.id, task: "direct", scope: "session", sessionId }, kind);
  return { ...run, kind, turnIds };
}

function work(kind: string): JobWorker {
  const worker = startTestWorker(kind);
  workers.push(worker);
  return worker;
}

async function stored(turnIds: number[]) {
  const db = getDb();
  const labels = await db.$queryRaw<Array<{ turn_id: number; label: string | null; labels: string[] | null; confidence: number | null; is_imported: boolean }>>`
    SELECT turn_id, label, labels, confidence, is_imported FROM judge_labels WHERE turn_id = ANY(${turnIds}::int[]) ORDER BY turn_id`;
  const scores = await db.judgeScore.findMany({ where: { turnId: { in: turnIds } }, orderBy: { turnId: "asc" } });
  return { labels, scores };
}

async function runOn(criterion: string, turnCount: number) {
  const run = await start(criterion, turnCount);
  work(run.kind);
  const job = await waitForJob(run.jobId);
  return { job, view: await viewOf(run.jobId), ...(await stored(run.turnIds)), turnIds: run.turnIds };
}

describe("direct scoring by criterion type", () => {
  it("asks a binary criterion for one of its two labels and stores the label and confidence in judge_labels", async () => {
    const criterion = await declare({ type: "binary", labels: ["fail", "pass"], positive: "pass" });
    stub.setScript(() => reply({ label: "pass", confidence: 0.8 }));

    const { job, labels, scores, turnIds } = await runOn(criterion, 2);

    expect(job).toMatchObject({ status: "done", total: 2, completed: 2, failed: 0 });
    expect(promptOf(stub.requests[0])).toContain('{"reasoning":"…","label":<one of "fail", "pass">,"confidence":<number 0-1>}');
    expect(labels).toEqual(turnIds.map((turnId) => ({ turn_id: turnId, label: "pass", labels: null, confidence: 0.8, is_imported: false })));
    expect(scores).toEqual([]);
    expect(await findLlmVerdicts(turnIds[0])).toEqual([
      expect.objectContaining({ answer: "pass", confidence: 0.8, overallScore: null, level: null, rationale: "The response stays on the question." }),
    ]);
    const audit = await getDb().judgeLabel.findFirstOrThrow({ where: { turnId: turnIds[0] }, select: { rationale: true, rawOutput: true, inputTokens: true, outputTokens: true } });
    expect(audit.rationale).toBe("The response stays on the question.");
    expect([audit.inputTokens, audit.outputTokens]).toEqual([10, 5]);
    expect(audit.rawOutput).toMatchObject({ criterion, type: { type: "binary", labels: ["fail", "pass"], positive: "pass" }, parsed: { kind: "label", label: "pass" }, exchanges: [{ problem: null }] });
  });

  it("stores a categorical label from the ordered list", async () => {
    const criterion = await declare({ type: "categorical", labels: ["ok", "off-topic", "toxic"] });
    stub.setScript(() => reply({ label: "off-topic", confidence: 0.55 }));

    const { job, labels } = await runOn(criterion, 1);

    expect(job).toMatchObject({ status: "done", completed: 1 });
    expect(promptOf(stub.requests[0])).toContain('Answer with exactly one label from this ordered list: "ok", "off-topic", "toxic".');
    expect(labels.map(({ label, labels: set, confidence }) => ({ label, set, confidence }))).toEqual([{ label: "off-topic", set: null, confidence: 0.55 }]);
  });

  it("stores a label set sorted and distinct, and an empty set as an answer", async () => {
    const criterion = await declare({ type: "multilabel", labels: ["typo", "factual", "tone"] });
    stub.setScript((request) => (request.index === 0 ? reply({ labels: ["tone", "factual", "tone"], confidence: 0.6 }) : reply({ labels: [], confidence: 0.9 })));

    const { job, labels } = await runOn(criterion, 2);

    expect(job).toMatchObject({ status: "done", completed: 2 });
    expect(labels.map(({ label, labels: set, confidence }) => ({ label, set, confidence }))).toEqual([
      { label: null, set: ["factual", "tone"], confidence: 0.6 },
      { label: null, set: [], confidence: 0.9 },
    ]);
    expect((await findLlmVerdicts(labels[0].turn_id))[0].answer).toBe("factual, tone");
    expect((await findLlmVerdicts(labels[1].turn_id))[0].answer).toBe("no label applies");
  });

  it("stores a numeric answer in judge_scores as the number on the criterion's scale, with its range and confidence", async () => {
    const criterion = await declare({ type: "numeric", min: 1, max: 5 });
    stub.setScript(() => reply({ value: 4, confidence: 0.7 }));

    const { job, labels, scores } = await runOn(criterion, 1);

    expect(job).toMatchObject({ status: "done", completed: 1 });
    expect(promptOf(stub.requests[0])).toContain('"value":<number 1-5>');
    expect(labels).toEqual([]);
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ overallScore: 4, rationale: "The response stays on the question." });
    expect(scores[0].metrics).toMatchObject({ type: "numeric", criterion, value: 4, min: 1, max: 5, normalised: 0.75, confidence: 0.7 });
    expect(scores[0].rawOutput).toMatchObject({ type: { type: "numeric", min: 1, max: 5 }, exchanges: [{ problem: null }] });
    expect(await findLlmVerdicts(scores[0].turnId)).toEqual([expect.objectContaining({ answer: "4 on 1–5", confidence: 0.7, overallScore: null, rationale: "The response stays on the question." })]);
  });

  it("scores a turn whose criterion has no type row on levels as before, keeping the confidence in metrics", async () => {
    const { sessionId, turnIds } = await createSessionWithTurns([{}]);
    const endpoint = await createStubEndpoint(stub.baseUrl);
    const kind = uniqueJobKind();
    const run = await startRun({ endpointId: endpoint.id, task: "direct", scope: "session", sessionId }, kind);
    stub.setScript(() => ({ content: JSON.stringify({ scores: [{ criterion: "overall", evidence: [], justification: "Solid.", score: 3 }], summary: "", confidence: 0.6 }) }));
    work(kind);

    expect(await waitForJob(run.jobId)).toMatchObject({ status: "done", completed: 1 });
    expect(promptOf(stub.requests[0])).toContain('"summary":"…","confidence":<number 0-1>}');
    const { scores, labels } = await stored(turnIds);
    expect(labels).toEqual([]);
    expect(scores[0].metrics).toMatchObject({ level: 3, levelLabel: "Good", confidence: 0.6 });
  });

  it("counts a label outside the list as unparseable after the retry, keeps both replies and stores nothing for the turn", async () => {
    const criterion = await declare({ type: "binary", labels: ["fail", "pass"], positive: "pass" });
    const first = JSON.stringify({ reasoning: "r", label: "maybe", confidence: 0.5 });
    const second = JSON.stringify({ reasoning: "r", label: "Pass", confidence: 0.5 });
    stub.setScript(inOrder({ content: first }, { content: second }));

    const { job, view, labels, scores, turnIds } = await runOn(criterion, 1);

    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1].body.messages!.at(-1)?.content).toContain('label: must be one of "fail", "pass"');
    expect(job).toMatchObject({ status: "failed", completed: 0, failed: 1 });
    expect(view).toMatchObject({ failed: 1, unparseable: 1 });
    expect(view.failures).toEqual([{ item: `turn ${turnIds[0]}`, kind: "unparseable", error: expect.stringContaining("malformed twice"), replies: [first, second] }]);
    expect(labels).toEqual([]);
    expect(scores).toEqual([]);
  });

  it("counts a confidence outside 0–1 as unparseable", async () => {
    const criterion = await declare({ type: "categorical", labels: ["ok", "toxic"] });
    stub.setScript(() => reply({ label: "ok", confidence: 1.5 }));

    const { view, labels } = await runOn(criterion, 1);

    expect(view).toMatchObject({ status: "failed", failed: 1, unparseable: 1 });
    expect(view.failures[0].error).toContain("confidence: a confidence is from 0 to 1");
    expect(labels).toEqual([]);
  });

  it("counts a number outside the range as unparseable, never clamped", async () => {
    const criterion = await declare({ type: "numeric", min: 0, max: 10 });
    stub.setScript((request) => (request.index < 2 ? reply({ value: 11, confidence: 0.9 }) : reply({ value: 3, confidence: 0.9 })));

    const { job, view, scores } = await runOn(criterion, 2);

    expect(job).toMatchObject({ status: "done", completed: 1, failed: 1 });
    expect(view.unparseable).toBe(1);
    expect(scores.map((score) => score.overallScore)).toEqual([3]);
  });

  it("fails a turn whose criterion type cannot be used without asking the model, and does not call it unparseable", async () => {
    const criterion = await declare({ type: "categorical", labels: null });

    const { view } = await runOn(criterion, 1);

    expect(stub.requests).toHaveLength(0);
    expect(view).toMatchObject({ status: "failed", failed: 1, unparseable: 0 });
    expect(view.failures[0].error).toMatch(/^criterion ".*" has a categorical type that cannot be used/);
  });

  it("resumes a run after a restart without asking for or storing any label twice", async () => {
    const criterion = await declare({ type: "binary", labels: ["fail", "pass"], positive: "pass" });
    stub.setScript(() => ({ ...reply({ label: "fail", confidence: 0.9 }), delayMs: 40 }));
    const { jobId, kind, turnIds } = await start(criterion, 6);

    const first = startTestWorker(kind);
    await waitUntil(() => stub.requests.filter((request) => request.isAnswered).length >= 2);
    await first.stop();
    const paused = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
    expect(paused.completed).toBeGreaterThanOrEqual(2);
    expect(paused.completed).toBeLessThan(6);

    work(kind);
    const job = await waitForJob(jobId);

    expect(job).toMatchObject({ status: "done", total: 6, completed: 6, failed: 0 });
    expect(stub.requests).toHaveLength(6);
    expect((await stored(turnIds)).labels.map((row) => row.turn_id)).toEqual(turnIds);
  });

  it("asks again only for the unparseable turn when the run is retried, keeping the first replies for audit", async () => {
    const criterion = await declare({ type: "binary", labels: ["fail", "pass"], positive: "pass" });
    let isFixed = false;
    stub.setScript((request) => (!isFixed && request.index > 0 ? { content: "pass, I think" } : reply({ label: "pass", confidence: 0.7 })));
    const { jobId, kind, turnIds } = await start(criterion, 2);
    work(kind);
    const failed = await waitForJob(jobId);
    expect(failed).toMatchObject({ status: "done", completed: 1, failed: 1 });

    isFixed = true;
    await retryJob(jobId);
    const job = await waitForJob(jobId, (row) => row.status === "done" && row.failed === 0);

    expect(job).toMatchObject({ completed: 2, failed: 0 });
    expect(stub.requests).toHaveLength(4);
    expect((await stored(turnIds)).labels).toHaveLength(2);
    expect((await viewOf(jobId)).unparseable).toBe(0);
    expect((job.payload as { unparseableOutputs: unknown[] }).unparseableOutputs).toEqual([
      { item: `turn ${turnIds[1]}`, recordedAt: expect.any(String), replies: [expect.objectContaining({ content: "pass, I think" }), expect.objectContaining({ content: "pass, I think" })] },
    ]);
  });
});
