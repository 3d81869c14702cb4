import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rubricRequestSchema } from "@/lib/llm-judge/rubric-generation.schema";
import { directReply, inOrder, startOpenAiStub, wellFormedJudge, type OpenAiStub } from "@/scripts/test/openai-stub-server";
import { getDb } from "../db";
import { DomainError } from "../errors";
import type { JobWorker } from "../jobs/job-worker";
import { createJudgeRun } from "./create-judge-run";
import { findLlmVerdicts } from "./find-llm-verdicts";
import { generateRubric } from "./generate-rubric";
import { createSessionWithTurns, createStubEndpoint, errorOf, FAST_POLICY, startRun, startTestWorker, uniqueJobKind, waitForJob } from "./llm-test-helpers";

let stub: OpenAiStub;
let worker: JobWorker | null = null;

beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  stub.requests.length = 0;
  stub.setScript(wellFormedJudge);
});
afterAll(async () => {
  await stub.close();
});

function request(endpointId: number) {
  return rubricRequestSchema.parse({
    endpointId: String(endpointId),
    criterionKey: "critical_intensity",
    criterionName: "Critical intensity",
    criterionDescription: "How forcefully the antithesis challenges the thesis",
    domain: "philosophical dialogue",
    levelCount: "5",
    strictness: "strict",
  });
}

describe("generateRubric", () => {
  it("returns a validated rubric draft with levels, characteristics and edge cases", async () => {
    const endpoint = await createStubEndpoint(stub.baseUrl);

    const draft = await generateRubric(request(endpoint.id), FAST_POLICY);

    expect(draft.criterion).toMatchObject({ key: "critical_intensity", name: "Critical intensity", strictness: "strict", isRequired: false });
    expect(draft.criterion.levels.map((level) => level.value)).toEqual([1, 2, 3, 4, 5]);
    expect(draft.criterion.edgeCases).toHaveLength(1);
    expect(draft).toMatchObject({ domain: "philosophical dialogue", endpointId: endpoint.id });
    expect(stub.requests[0].body.messages?.[1].content).toContain("Strictness: Strict");
  });

  it("says why when the model's rubric is malformed twice", async () => {
    const endpoint = await createStubEndpoint(stub.baseUrl);
    stub.setScript(inOrder({ content: '{"levels": []}' }));

    const error = await errorOf(generateRubric(request(endpoint.id), FAST_POLICY), DomainError);

    expect(stub.requests).toHaveLength(2);
    expect(error.message).toMatch(/^No rubric: the model's output was malformed twice: the JSON does not match the required format \(edgeCases: Invalid input: expected array, received undefined\)\.$/);
  });
});

describe("findLlmVerdicts", () => {
  it("gives the LLM judge's level, score and rationale of a turn, and nothing of the heuristic judge", async () => {
    stub.setScript(() => ({ content: directReply(4, "Sharp and well argued.") }));
    const { sessionId, turnIds } = await createSessionWithTurns([{}]);
    const heuristic = await getDb().judge.upsert({ where: { name_version: { name: "heuristic", version: "v1" } }, create: { name: "heuristic", version: "v1", kind: "heuristic" }, update: {} });
    await getDb().judgeScore.create({ data: { turnId: turnIds[0], judgeId: heuristic.id, overallScore: 0.5 } });
    const endpoint = await createStubEndpoint(stub.baseUrl);
    const kind = uniqueJobKind();
    const run = await startRun({ endpointId: endpoint.id, task: "direct", scope: "session", sessionId }, kind);
    worker = startTestWorker(kind);
    await waitForJob(run.jobId);

    const verdicts = await findLlmVerdicts(turnIds[0]);

    const stored = await getDb().judgeScore.findFirstOrThrow({ where: { turnId: turnIds[0], judge: { kind: "llm" } } });
    expect(verdicts).toEqual([{ judge: `llm:${endpoint.model} ${PROMPT_VERSION}`, overallScore: stored.overallScore, level: 4, levelLabel: "Excellent", levelCount: 4, answer: null, confidence: null, rationale: "Sharp and well argued.", scoredAt: stored.createdAt }]);
  });
});

describe("createJudgeRun", () => {
  it("takes turns with human ratings first, and leaves out turns already scored or queued", async () => {
    const { sessionId, turnIds } = await createSessionWithTurns([{}, {}, {}, {}]);
    await getDb().rating.create({ data: { turnId: turnIds[2], annotator: "a", level: 3, source: "imported" } });
    const endpoint = await createStubEndpoint(stub.baseUrl);
    const input = { endpointId: endpoint.id, task: "direct" as const, scope: "session" as const, sessionId, limit: 2 };

    const first = await createJudgeRun(input, null);
    const second = await createJudgeRun(input, null);
    const firstPayload = (await getDb().job.findUniqueOrThrow({ where: { id: first.jobId } })).payload as { turnIds: number[]; label: string };
    const secondPayload = (await getDb().job.findUniqueOrThrow({ where: { id: second.jobId } })).payload as { turnIds: number[] };

    expect(firstPayload.turnIds).toEqual([turnIds[2], turnIds[0]]);
    expect(secondPayload.turnIds).toEqual([turnIds[1], turnIds[3]]);
    expect(firstPayload.label).toMatch(/^Direct scoring: session llm-test-/);
    await expect(createJudgeRun(input, null)).rejects.toThrow(/^Nothing to do: every turn in session .* already has a score from llm:.* p2 \(or a run in progress covers it\)\.$/);
    await getDb().job.updateMany({ where: { id: { in: [first.jobId, second.jobId] } }, data: { status: "cancelled" } });
  });
});
