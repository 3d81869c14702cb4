import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceToCutoff } from "@/lib/cascade/cascade";
import { directReply, promptOf, startOpenAiStub, type OpenAiStub, type StubScript } from "@/scripts/test/openai-stub-server";
import { getDb } from "../db";
import { createPanel } from "../panels/create-panel";
import { uniqueName } from "../agreement/test-helpers";
import { getActiveThresholds } from "../thresholds/get-active-thresholds";
import { runViewSelect, toRunView } from "../llm-judge/to-run-view";
import { createSessionWithTurns, createStubEndpoint, startRun, startTestWorker, uniqueJobKind, waitForJob } from "../llm-judge/llm-test-helpers";
import { createCascade } from "./create-cascade";
import { getCascadeReport } from "./get-cascade-report";
import { proposeCascadeBand } from "./propose-cascade-band";

// Three OpenAI-compatible models on one local stub server, told apart by the request's model:
// each answers a planned level per turn and its own token counts. Six turns, one human rating
// each. The cheap screener swaps levels 2 and 3 on turns 1 and 2 and its first reply on turn 1
// is malformed (the retry's tokens count too); the strong judge agrees with people everywhere.
const HUMAN = [1, 2, 3, 4, 2, 3];
const PLAN = { cheap: [1, 3, 2, 4, 2, 3], mid: [1, 2, 3, 4, 1, 4], strong: [1, 2, 3, 4, 2, 3] } as const;
const USAGE = { cheap: { prompt_tokens: 100, completion_tokens: 20 }, mid: { prompt_tokens: 200, completion_tokens: 30 }, strong: { prompt_tokens: 1000, completion_tokens: 50 } };
type Model = keyof typeof PLAN;

let stub: OpenAiStub;
// The runs run under a test job kind of their own, so they are read as the runs page reads a run.
const findJudgeRun = async (jobId: number) => toRunView(await getDb().job.findUniqueOrThrow({ where: { id: jobId }, select: runViewSelect }));
const tag = uniqueName("cascade-int");
const modelName = (model: Model) => `${model}-${tag}`;

const script: StubScript = (request) => {
  const model = (Object.keys(PLAN) as Model[]).find((m) => request.body.model === modelName(m))!;
  // The prompt shows the turns before the judged one: its own marker is the last.
  const turnOf = (r: typeof request) => Number([...promptOf(r).matchAll(/marker turn-(\d)/g)].at(-1)![1]);
  const turn = turnOf(request);
  const isFirstOnTurn1 = model === "cheap" && turn === 1 && !stub.requests.slice(0, request.index).some((r) => r.body.model === request.body.model && turnOf(r) === 1);
  return { content: isFirstOnTurn1 ? "A solid three, I would say." : directReply(PLAN[model][turn]), usage: USAGE[model] };
};

beforeAll(async () => {
  stub = await startOpenAiStub(script);
});
afterAll(async () => {
  await stub.close();
});

describe("three LLM judges over stub endpoints, a panel and a cascade", () => {
  it("records every call's tokens, prices runs and the cascade exactly, and proposes the band from the rated turns", async () => {
    const db = getDb();
    const { sessionId, turnIds } = await createSessionWithTurns(HUMAN.map((_, i) => ({ response: `Response with marker turn-${i}.` })));
    await db.$executeRawUnsafe(
      `INSERT INTO ratings (turn_id, annotator, criterion, level, score, source) SELECT t, $2, 'overall', l, l, 'imported' FROM unnest($1::int[], $3::int[]) AS r(t, l)`,
      turnIds,
      `rater-${tag}`,
      HUMAN,
    );
    const prices = { cheap: { inputPricePerMillion: 0.15, outputPricePerMillion: 0.6 }, mid: {}, strong: { inputPricePerMillion: 2.5, outputPricePerMillion: 10 } };
    const kind = uniqueJobKind();
    const worker = startTestWorker(kind);
    const runs = {} as Record<Model, { jobId: number; judgeId: number }>;
    try {
      for (const model of Object.keys(PLAN) as Model[]) {
        const endpoint = await createStubEndpoint(stub.baseUrl, { model: modelName(model), ...prices[model] });
        const run = await startRun({ endpointId: endpoint.id, task: "direct", scope: "session", sessionId }, kind);
        expect(await waitForJob(run.jobId)).toMatchObject({ status: "done", completed: 6, failed: 0 });
        const judge = await db.judge.findFirstOrThrow({ where: { name: `llm:${modelName(model)}` } });
        runs[model] = { jobId: run.jobId, judgeId: judge.id };
      }
    } finally {
      await worker.stop();
    }
    expect(stub.requests).toHaveLength(19);

    // Tokens per judged turn (turn 1 of the screener took two calls) and per run.
    const tokensOf = async (judgeId: number) =>
      (await db.judgeScore.findMany({ where: { judgeId }, orderBy: { turnId: "asc" }, select: { inputTokens: true, outputTokens: true } })).map((s) => [s.inputTokens, s.outputTokens]);
    expect(await tokensOf(runs.cheap.judgeId)).toEqual([[100, 20], [200, 40], [100, 20], [100, 20], [100, 20], [100, 20]]);
    expect(await tokensOf(runs.strong.judgeId)).toEqual(Array.from({ length: 6 }, () => [1000, 50]));
    const cheapRun = await findJudgeRun(runs.cheap.jobId);
    expect(cheapRun.tokens).toEqual({ input: 700, output: 140 });
    expect(cheapRun.cost).toBeCloseTo((700 * 0.15 + 140 * 0.6) / 1e6, 15);
    expect(await findJudgeRun(runs.mid.jobId)).toMatchObject({ tokens: { input: 1200, output: 180 }, cost: null });
    expect((await findJudgeRun(runs.strong.jobId)).cost).toBeCloseTo(0.018, 15);

    // A panel of the three: the mean of their scores on all six turns; its rows carry no tokens of their own.
    const panel = await createPanel({ name: uniqueName("llm-panel"), aggregate: "mean", members: [runs.cheap.judgeId, runs.mid.judgeId, runs.strong.judgeId] });
    expect(panel.turns).toBe(6);
    const members = await db.judgeScore.findMany({ where: { judgeId: { in: [runs.cheap.judgeId, runs.mid.judgeId, runs.strong.judgeId] }, turnId: turnIds[4] } });
    const panelScore = await db.judgeScore.findFirstOrThrow({ where: { judgeId: panel.id, turnId: turnIds[4] } });
    expect(panelScore.overallScore).toBeCloseTo(members.reduce((s, m) => s + m.overallScore, 0) / 3, 14);
    expect([panelScore.inputTokens, panelScore.outputTokens]).toEqual([null, null]);

    // The band: the screener's wrong turns 1 and 2 sit at the Good and Fair midpoints; escalating
    // both (and turns 4 and 5, at the same distances) brings the cascade to the strong judge's κ_q 1.
    const { cutoffs } = await getActiveThresholds();
    const screener = await db.judgeScore.findMany({ where: { judgeId: runs.cheap.judgeId }, orderBy: { turnId: "asc" } });
    const [d1, d2] = [distanceToCutoff(screener[1].overallScore, cutoffs.good), distanceToCutoff(screener[2].overallScore, cutoffs.good)];
    const proposal = await proposeCascadeBand({ screener: runs.cheap.judgeId, strong: runs.strong.judgeId, cutoff: cutoffs.good, tolerance: 0.02 });
    expect(proposal).toMatchObject({ n: 6, target: 0.98, halfWidth: Math.max(d1, d2), escalated: 4, isScreenerEnough: false, kappa: { strong: 1, cascade: 1 } });
    expect(proposal.kappa.screener).toBeCloseTo(9 / 11, 14);

    const cascade = await createCascade({ name: uniqueName("cascade"), screener: runs.cheap.judgeId, strong: runs.strong.judgeId, cutoff: cutoffs.good, below: proposal.halfWidth!, above: proposal.halfWidth!, tolerance: 0.02 });
    expect(cascade).toMatchObject({ version: "1", turns: 6, escalated: 4, waiting: 0 });
    const stored = await db.judgeScore.findMany({ where: { judgeId: cascade.id }, orderBy: { turnId: "asc" } });
    const strong = await db.judgeScore.findMany({ where: { judgeId: runs.strong.judgeId }, orderBy: { turnId: "asc" } });
    expect(stored.map((s) => (s.metrics as { cascade: { escalated: boolean } }).cascade.escalated)).toEqual([false, true, true, false, true, true]);
    expect(stored.map((s) => s.overallScore)).toEqual([screener[0], strong[1], strong[2], screener[3], strong[4], strong[5]].map((s) => s.overallScore));

    const report = await getCascadeReport({ judge: cascade.name, judgeVersion: "1" });
    expect(report.cascade).toMatchObject({ id: cascade.id, screener: { id: runs.cheap.judgeId }, strong: { id: runs.strong.judgeId }, cutoff: cutoffs.good });
    const f = report.figures!;
    expect(f).toMatchObject({ n: 6, nWithoutStrong: 0, escalated: 4, turns: 6, kappa: { cascade: 1, strong: 1 } });
    expect(f.escalatedShare).toBeCloseTo(4 / 6, 15);
    expect(f.kappa.screener).toBeCloseTo(9 / 11, 14);
    expect(f.cost.screener).toMatchObject({ tokens: { input: 700, output: 140 }, missing: null });
    expect(f.cost.screener.cost).toBeCloseTo(189e-6, 15);
    expect(f.cost.strong).toMatchObject({ tokens: { input: 6000, output: 300 }, missing: null });
    expect(f.cost.strong.cost).toBeCloseTo(0.018, 15);
    expect(f.cost.strong.perTurn).toBeCloseTo(0.003, 15);
    // The screener on every turn, the strong judge on the four escalated ones.
    expect(f.cost.cascade).toMatchObject({ tokens: { input: 4700, output: 340 }, missing: null });
    expect(f.cost.cascade.cost).toBeCloseTo(189e-6 + 4 * 0.003, 15);
    expect(f.cost.cascade.perTurn).toBeCloseTo((189e-6 + 4 * 0.003) / 6, 15);

    // A cascade whose strong judge has no prices says so instead of a cost.
    const unpriced = await createCascade({ name: uniqueName("cascade"), screener: runs.cheap.judgeId, strong: runs.mid.judgeId, cutoff: cutoffs.good, below: proposal.halfWidth!, above: proposal.halfWidth!, tolerance: 0.02 });
    const unpricedFigures = (await getCascadeReport({ judge: unpriced.name, judgeVersion: "1" })).figures!;
    expect(unpricedFigures.cost.cascade).toMatchObject({ cost: null, missing: "no prices set" });
    expect(unpricedFigures.cost.screener.cost).toBeCloseTo(189e-6, 15);
  });
});

describe("createCascade", () => {
  async function judgeWith(turnIds: number[], scores: (number | null)[]): Promise<number> {
    const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'imported') RETURNING id`, uniqueName("member"));
    for (const [i, score] of scores.entries()) {
      if (score !== null) await getDb().$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, $3)`, turnIds[i], id, score);
    }
    return id;
  }

  it("escalates the closed, asymmetric band, leaves turns the strong judge has not scored unanswered, and versions by name", async () => {
    const { turnIds } = await createSessionWithTurns(Array.from({ length: 6 }, () => ({})));
    const screener = await judgeWith(turnIds, [0.25, 0.375, 0.5, 0.75, 0.8125, 0.4]);
    const strong = await judgeWith(turnIds, [0.9, 0.9, 0.1, 0.2, 0.3, null]);
    const name = uniqueName("cascade");
    // Band [0.375, 0.75]: turns 1 (edge), 2, 3 (edge) and 5 escalate; turn 5 has no strong score.
    const created = await createCascade({ name, screener, strong, cutoff: 0.5, below: 0.125, above: 0.25, tolerance: 0.02 });
    expect(created).toMatchObject({ version: "1", turns: 5, escalated: 3, waiting: 1 });
    const scores = await getDb().judgeScore.findMany({ where: { judgeId: created.id }, orderBy: { turnId: "asc" }, select: { turnId: true, overallScore: true } });
    expect(scores).toEqual([
      { turnId: turnIds[0], overallScore: 0.25 },
      { turnId: turnIds[1], overallScore: 0.9 },
      { turnId: turnIds[2], overallScore: 0.1 },
      { turnId: turnIds[3], overallScore: 0.2 },
      { turnId: turnIds[4], overallScore: 0.8125 },
    ]);
    expect(await createCascade({ name, screener, strong, cutoff: 0.5, below: 0, above: 0, tolerance: 0.02 })).toMatchObject({ version: "2", turns: 6, escalated: 1, waiting: 0 });
    expect(await getDb().judge.findFirstOrThrow({ where: { id: created.id } })).toMatchObject({ kind: "cascade", config: { cascade: { cutoff: 0.5, below: 0.125, above: 0.25 } } });
  });

  it("refuses a name of another kind of judge, and a cascade with no answer, leaving nothing behind", async () => {
    const { turnIds } = await createSessionWithTurns([{}]);
    const screener = await judgeWith(turnIds, [0.5]);
    const strong = await judgeWith(turnIds, [null]);
    const name = uniqueName("cascade");
    await expect(createCascade({ name, screener, strong, cutoff: 0.5, below: 0.1, above: 0.1, tolerance: 0.02 })).rejects.toThrow(/strong judge has scored none of those 1: run the strong judge on them first/);
    expect(await getDb().judge.count({ where: { name } })).toBe(0);
    const taken = await getDb().judge.findUniqueOrThrow({ where: { id: screener } });
    await expect(createCascade({ name: taken.name, screener, strong, cutoff: 0.5, below: 0, above: 0, tolerance: 0.02 })).rejects.toThrow(/is the name of a judge that is not a cascade/);
  });
});
