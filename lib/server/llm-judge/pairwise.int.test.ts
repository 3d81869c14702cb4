import { PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pairwiseReply, promptOf, startOpenAiStub, type OpenAiStub, type StubRequest } from "@/scripts/test/openai-stub-server";
import { getDb } from "../db";
import type { JobWorker } from "../jobs/job-worker";
import { ensureLlmJudge } from "./ensure-llm-judge";
import { findPairsToCompare } from "./find-pairs-to-compare";
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

const TECHNICAL = "Machine learning is the optimisation of a parametric function over a hypothesis space.";
const ANALOGY = "Machine learning is like teaching a child to recognise cats by showing many pictures.";

/** Which response the request showed first: "technical" (A) or "analogy" (B). */
function firstShown(request: StubRequest): "technical" | "analogy" {
  const prompt = promptOf(request);
  return prompt.indexOf(TECHNICAL) < prompt.indexOf(ANALOGY) ? "technical" : "analogy";
}

async function comparePairOnce(answer: (first: "technical" | "analogy") => { winner: "A" | "B" | "TIE"; confidence: number }) {
  stub.setScript((request) => {
    const { winner, confidence } = answer(firstShown(request));
    return { content: pairwiseReply(winner, confidence) };
  });
  const { sessionId, turnIds } = await createSessionWithTurns(
    [
      { personaId: "thesis", depthIndex: 1, response: TECHNICAL },
      { personaId: "antithesis", depthIndex: 1, response: ANALOGY },
    ],
    { seedPrompt: "Explain machine learning to a beginner" },
  );
  const endpoint = await createStubEndpoint(stub.baseUrl);
  const kind = uniqueJobKind();
  const run = await startRun({ endpointId: endpoint.id, task: "pairwise", scope: "session", sessionId }, kind);
  worker = startTestWorker(kind);
  const job = await waitForJob(run.jobId);
  const comparison = await getDb().pairwiseComparison.findFirstOrThrow({ where: { turnAId: turnIds[0], turnBId: turnIds[1] }, include: { judge: true } });
  return { job, comparison, endpoint };
}

describe("pairwise comparison with position swap", () => {
  it("reproduces seed 001's worked example: B at 0.8, then (B first) A at 0.6, stored as B with 0.7, consistent", async () => {
    const { job, comparison, endpoint } = await comparePairOnce((first) => (first === "technical" ? { winner: "B", confidence: 0.8 } : { winner: "A", confidence: 0.6 }));

    expect(job).toMatchObject({ status: "done", total: 1, completed: 1 });
    expect(stub.requests.map(firstShown)).toEqual(["technical", "analogy"]);
    // Both passes' tokens (the stub reports 10 prompt and 5 completion tokens a reply), on the comparison and the run.
    expect([comparison.inputTokens, comparison.outputTokens]).toEqual([20, 10]);
    expect([job.inputTokens, job.outputTokens]).toEqual([20n, 10n]);
    expect(comparison).toMatchObject({ pass1Winner: "model_b", pass1Confidence: 0.8, pass2Winner: "model_b", pass2Confidence: 0.6, winner: "model_b" });
    expect(comparison.confidence).toBeCloseTo(0.7, 12);
    expect(comparison.rawOutput).toMatchObject({
      positionConsistency: { consistent: true, firstPassWinner: "B", secondPassWinner: "B" },
      pass1: { order: "A,B", output: { winner: "B", confidence: 0.8 } },
      pass2: { order: "B,A", output: { winner: "A", confidence: 0.6 }, mapped: { winner: "B", confidence: 0.6 } },
    });
    expect(comparison.judge).toMatchObject({ name: `llm:${endpoint.model}`, version: PROMPT_VERSION, kind: "llm" });
  });

  it("stores an inconsistent pair (the first position wins both passes) as a tie with confidence 0.5", async () => {
    const { comparison } = await comparePairOnce(() => ({ winner: "A", confidence: 0.9 }));

    expect(comparison).toMatchObject({ pass1Winner: "model_a", pass1Confidence: 0.9, pass2Winner: "model_b", pass2Confidence: 0.9, winner: "tie", confidence: 0.5 });
    expect(comparison.rawOutput).toMatchObject({ positionConsistency: { consistent: false, firstPassWinner: "A", secondPassWinner: "B" } });
  });
});

describe("findPairsToCompare", () => {
  it("pairs turns of one session at the same depth, and one persona's turns across sessions with the same seed prompt", async () => {
    const seedPrompt = `seed ${Math.random()}`;
    const one = await createSessionWithTurns(
      [
        { personaId: "thesis", depthIndex: 0 },
        { personaId: "antithesis", depthIndex: 0 },
        { personaId: "thesis", depthIndex: 1 },
      ],
      { seedPrompt },
    );
    const two = await createSessionWithTurns([{ personaId: "thesis", depthIndex: 1 }], { seedPrompt });
    const endpoint = await createStubEndpoint(stub.baseUrl);
    const judgeId = await ensureLlmJudge(endpoint);

    const inSession = await findPairsToCompare({ kind: "session", sessionId: one.sessionId }, judgeId, 10);
    const acrossSessions = await findPairsToCompare({ kind: "persona", personaId: "thesis" }, judgeId, 10_000);

    expect(inSession).toEqual([[one.turnIds[0], one.turnIds[1]]]);
    expect(acrossSessions).toContainEqual([one.turnIds[2], two.turnIds[0]]);
    expect(acrossSessions).not.toContainEqual([one.turnIds[0], two.turnIds[0]]);
  });
});
