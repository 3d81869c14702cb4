import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_ESCALATION_SETTINGS, type EscalationSettings } from "@/lib/queue/escalation.schema";
import { uniformSource } from "@/lib/stats/seeded-random";
import { getDb } from "../db";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import type { ClaimedJob } from "../jobs/job-types";
import { ESCALATION_REFRESH_JOB_KIND, getEscalationRefreshState, refreshEscalationBatch, runEscalationRefreshJob } from "./escalation-refresh-job";
import { getQueueView } from "./get-queue-view";
import { createRaters, createScoredTurns, testConfig, uniquePersona } from "./queue-test-data";
import { submitRating } from "./submit-rating";
import { takeNextItem } from "./take-next-item";
import { updateEscalationSettings } from "./update-escalation-settings";

async function createJudge(kind: "llm" | "panel", config: object | null = null): Promise<number> {
  const judge = await getDb().judge.create({ data: { name: `escalation-${randomUUID().slice(0, 8)}`, version: "1", kind, config: config ?? undefined } });
  return judge.id;
}

async function escalationOf(turnIds: number[]) {
  const rows = await getDb().queueItem.findMany({ where: { turnId: { in: turnIds } }, select: { turnId: true, escalationReasons: true, escalationPriority: true } });
  return turnIds.map((id) => rows.find((row) => row.turnId === id)!);
}

function sampled(persona: string, share: number, k = 2) {
  const escalation: EscalationSettings = { ...DEFAULT_ESCALATION_SETTINGS, design: "sampled", share };
  return { ...testConfig({ personaId: persona }, { ratingsPerTurn: k }), escalation };
}

/** Claims the pending escalation refresh, if any, and runs it to the end as the worker would. */
async function runPendingRefresh(): Promise<number | null> {
  const rows = await getDb().$queryRaw<ClaimedJob[]>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE kind = ${ESCALATION_REFRESH_JOB_KIND} AND status = 'pending'
    RETURNING id, kind, payload, total, completed, failed, attempts, endpoint_id AS "endpointId"`;
  if (rows.length === 0) return null;
  const outcome = await runEscalationRefreshJob(rows[0], { workerId: "test", signal: new AbortController().signal, isStopping: () => false });
  expect(outcome).toBe("done");
  await getDb().$executeRaw`UPDATE jobs SET status = 'done' WHERE id = ${rows[0].id}`;
  return rows[0].id;
}

async function pendingRefreshes(): Promise<number> {
  return getDb().job.count({ where: { kind: ESCALATION_REFRESH_JOB_KIND, status: "pending" } });
}

/** Rows whose stored escalation differs from what a full refresh would write. */
async function staleRows(): Promise<number> {
  const rows = await getDb().$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM queue_escalation_rows(ARRAY(SELECT turn_id FROM queue_items)) r JOIN queue_items q ON q.turn_id = r.turn_id
    WHERE q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority`;
  return rows[0].n;
}

/**
 * Marks rows with a priority no refresh would write: a refresh that looks at a marked row
 * (even one that would only rewrite the same values) replaces it, so a mark still there
 * after a save shows that the save never computed that row.
 */
async function markUnlooked(turnIds: number[]): Promise<void> {
  await getDb().$executeRaw`UPDATE queue_items SET escalation_priority = 42 WHERE turn_id = ANY(${turnIds}::int[])`;
}

async function marksLeft(turnIds: number[]): Promise<number> {
  return getDb().queueItem.count({ where: { turnId: { in: turnIds }, escalationPriority: 42 } });
}

/** Each row's transaction id: it changes when the row is written, even to the same values. */
async function rowVersions(turnIds: number[]): Promise<string[]> {
  const rows = await getDb().$queryRaw<Array<{ turn_id: number; v: string }>>`
    SELECT turn_id, xmin::text AS v FROM queue_items WHERE turn_id = ANY(${turnIds}::int[])`;
  return turnIds.map((id) => rows.find((row) => row.turn_id === id)!.v);
}

afterEach(async () => {
  await getDb().setting.deleteMany({ where: { key: "queue.escalation" } });
  await runPendingRefresh();
});

describe("escalation reasons", () => {
  it("marks each planted case with its reason and priority, and nothing else", async () => {
    const persona = uniquePersona("escalate");
    const { turnIds } = await createScoredTurns(persona, [0.51, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3].map((score) => ({ score })));
    const [nearCut, unsure, outvoted, flippedA, flippedB, spread, plain] = turnIds;
    const llm = await createJudge("llm");
    const memberA = await createJudge("llm");
    const memberB = await createJudge("llm");
    const votingPanel = await createJudge("panel", { panel: { members: [{ id: llm }], aggregate: "vote" } });
    const scoringPanel = await createJudge("panel", { panel: { members: [{ id: memberA }, { id: memberB }], aggregate: "mean" } });
    const db = getDb();
    await db.judgeLabel.createMany({
      data: [
        { turnId: unsure, judgeId: llm, label: "good", confidence: 0.4 },
        { turnId: plain, judgeId: llm, label: "good", confidence: 0.9 },
        { turnId: outvoted, judgeId: votingPanel, label: "good", confidence: 0.5 },
      ],
    });
    await db.judgeScore.createMany({
      data: [
        { turnId: spread, judgeId: memberA, overallScore: 0.2 },
        { turnId: spread, judgeId: memberB, overallScore: 0.6 },
        { turnId: plain, judgeId: memberA, overallScore: 0.3 },
        { turnId: plain, judgeId: memberB, overallScore: 0.35 },
      ],
    });
    await db.judgeScore.createMany({ data: [{ turnId: spread, judgeId: scoringPanel, overallScore: 0.4 }, { turnId: plain, judgeId: scoringPanel, overallScore: 0.325 }] });
    await db.pairwiseComparison.create({ data: { turnAId: flippedA, turnBId: flippedB, judgeId: llm, pass1Winner: "model_a", pass2Winner: "model_b", winner: "tie" } });
    await db.pairwiseComparison.create({ data: { turnAId: plain, turnBId: unsure, judgeId: llm, pass1Winner: "model_a", pass2Winner: "model_a", winner: "model_a" } });

    const rows = await escalationOf(turnIds);

    expect(rows.map((row) => row.escalationReasons)).toEqual([["near_cutoff"], ["low_confidence"], ["panel_disagrees"], ["position_flip"], ["position_flip"], ["panel_disagrees"], []]);
    // Priority: the count of reasons plus the mean severity (how far past its limit).
    const expected = [1 + (1 - (0.51 - 0.5) / 0.02), 1 + (0.6 - 0.4) / 0.6, 1 + (0.67 - 0.5) / 0.67, 2, 2, 1 + (0.4 - 0.15) / 0.85, 0];
    rows.forEach((row, i) => expect(row.escalationPriority).toBeCloseTo(expected[i], 12));
    expect(nearCut).toBeDefined();
  });

  it("follows the admin's limits: a wider cut-off margin escalates more, at once", async () => {
    const persona = uniquePersona("margin");
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.3 }, { score: 0.62 }]);
    expect((await escalationOf(turnIds)).map((row) => row.escalationReasons)).toEqual([[], []]);

    await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, cutoffMargin: 0.05 });

    const rows = await escalationOf(turnIds);
    expect(rows.map((row) => row.escalationReasons)).toEqual([[], ["near_cutoff"]]);
    expect(rows[1].escalationPriority).toBeCloseTo(1 + (1 - (0.65 - 0.62) / 0.05), 12);
  });

  it("are found for new queue items whose turns already have labels, panel scores or flipped comparisons", async () => {
    // New queue items are refreshed only where a reason can hold (migration
    // "write_path_index_probes"): every kind of reason, present before the item, must be found.
    const persona = uniquePersona("late");
    const { turnIds } = await createScoredTurns(persona, [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.51].map((score) => ({ score })));
    const [unsure, outvoted, spread, flippedA, flippedB, plain, nearCut] = turnIds;
    const db = getDb();
    await db.queueItem.deleteMany({ where: { turnId: { in: turnIds } } });
    const llm = await createJudge("llm");
    const memberA = await createJudge("llm");
    const memberB = await createJudge("llm");
    const votingPanel = await createJudge("panel", { panel: { members: [{ id: llm }], aggregate: "vote" } });
    const scoringPanel = await createJudge("panel", { panel: { members: [{ id: memberA }, { id: memberB }], aggregate: "mean" } });
    await db.judgeLabel.createMany({
      data: [
        { turnId: unsure, judgeId: llm, label: "good", confidence: 0.4 },
        { turnId: plain, judgeId: llm, label: "good", confidence: 0.9 },
        { turnId: outvoted, judgeId: votingPanel, label: "good", confidence: 0.5 },
      ],
    });
    await db.judgeScore.createMany({
      data: [
        { turnId: spread, judgeId: memberA, overallScore: 0.2 },
        { turnId: spread, judgeId: memberB, overallScore: 0.6 },
        { turnId: spread, judgeId: scoringPanel, overallScore: 0.4 },
      ],
    });
    await db.pairwiseComparison.create({ data: { turnAId: flippedA, turnBId: flippedB, judgeId: llm, pass1Winner: "model_a", pass2Winner: "model_b", winner: "tie" } });
    expect(await db.queueItem.count({ where: { turnId: { in: turnIds } } })).toBe(0);

    // The heuristic judge's scores written again: the queue items come back, as new rows.
    await db.$executeRaw`UPDATE judge_scores js SET overall_score = js.overall_score FROM judges j
      WHERE j.id = js.judge_id AND j.name = 'heuristic' AND j.version = 'v1' AND js.turn_id = ANY(${turnIds}::int[])`;
    const rows = await escalationOf(turnIds);
    expect(rows.map((row) => row.escalationReasons)).toEqual([["low_confidence"], ["panel_disagrees"], ["panel_disagrees"], ["position_flip"], ["position_flip"], [], ["near_cutoff"]]);
    const stale = await db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM queue_escalation_rows(${turnIds}::int[]) r JOIN queue_items q ON q.turn_id = r.turn_id
      WHERE q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority`;
    expect(stale[0].n).toBe(0);
  });

  it("stay equal to a full refresh when judge scores move into, within, out of and far from a cut-off's margin", async () => {
    // Only moved rows near a cut-off before or after are refreshed (migration
    // "queue_escalation_moved_near_cutoff"); every other moved row must already be right.
    const persona = uniquePersona("moved");
    const { turnIds } = await createScoredTurns(persona, [0.2, 0.3, 0.64, 0.66, 0.9, 0.51].map((score) => ({ score })));
    const llm = await createJudge("llm");
    const db = getDb();
    // The last row has another reason, which must survive its score moving far from every cut-off.
    await db.judgeLabel.create({ data: { turnId: turnIds[5], judgeId: llm, label: "good", confidence: 0.3 } });
    const moved = [0.25, 0.49, 0.655, 0.9, 0.95, 0.3];
    await db.$executeRaw`UPDATE queue_items q SET judge_score = m.score FROM unnest(${turnIds}::int[], ${moved}::float8[]) AS m(turn_id, score) WHERE q.turn_id = m.turn_id`;

    const stale = await db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM queue_escalation_rows(${turnIds}::int[]) r JOIN queue_items q ON q.turn_id = r.turn_id
      WHERE q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority`;
    expect(stale[0].n).toBe(0);
    const rows = await escalationOf(turnIds);
    expect(rows.map((row) => row.escalationReasons)).toEqual([[], ["near_cutoff"], ["near_cutoff"], [], [], ["low_confidence"]]);
    // 0.49 is 0.01 from the Fair cut-off (margin 0.02): severity 0.5; 0.655 is 0.005 from Good: 0.75.
    expect(rows[1].escalationPriority).toBeCloseTo(1.5, 12);
    expect(rows[2].escalationPriority).toBeCloseTo(1.75, 12);
    expect(rows[5].escalationPriority).toBeCloseTo(1 + (0.6 - 0.3) / 0.6, 12);
  });
});

describe("saving the cut-offs or the escalation settings", () => {
  it("refreshes at once only the items near an old or new cut-off when the margin changes, and writes no other row", async () => {
    const persona = uniquePersona("narrow");
    // 150 items far from every cut-off under both margins, one that becomes near, one that stops being near.
    const far = Array.from({ length: 150 }, (_, i) => ({ score: 0.1 + (i % 30) / 100 }));
    const { turnIds } = await createScoredTurns(persona, [...far, { score: 0.62 }, { score: 0.515 }]);
    const farIds = turnIds.slice(0, 150);
    const [becomesNear, wasNear] = turnIds.slice(150);
    await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, cutoffMargin: 0.02 });
    expect((await escalationOf([becomesNear, wasNear])).map((row) => row.escalationReasons)).toEqual([[], ["near_cutoff"]]);
    await markUnlooked(farIds);

    const refresh = await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, cutoffMargin: 0.05 });

    expect(refresh).toBeNull();
    expect(await pendingRefreshes()).toBe(0);
    expect(await marksLeft(farIds)).toBe(150);
    const rows = await escalationOf([becomesNear, wasNear]);
    expect(rows.map((row) => row.escalationReasons)).toEqual([["near_cutoff"], ["near_cutoff"]]);
    expect(rows[0].escalationPriority).toBeCloseTo(1 + (1 - (0.65 - 0.62) / 0.05), 12);
    expect(rows[1].escalationPriority).toBeCloseTo(1 + (1 - (0.515 - 0.5) / 0.05), 12);

    // Back to a narrower margin: the row at 0.62 loses its reason, again without the far rows.
    await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, cutoffMargin: 0.01 });
    expect((await escalationOf([becomesNear, wasNear])).map((row) => row.escalationReasons)).toEqual([[], []]);
    expect(await marksLeft(farIds)).toBe(150);
    await getDb().$queryRaw`SELECT refresh_queue_escalation(${farIds}::int[]) AS changed`;
    expect(await marksLeft(farIds)).toBe(0);
    expect(await staleRows()).toBe(0);
  });

  it("refreshes at once only the items near an old or new cut-off when the cut-offs change", async () => {
    const persona = uniquePersona("cuts");
    const far = Array.from({ length: 100 }, (_, i) => ({ score: 0.1 + (i % 20) / 100 }));
    const { turnIds } = await createScoredTurns(persona, [...far, { score: 0.505 }, { score: 0.555 }]);
    const farIds = turnIds.slice(0, 100);
    const [nearOld, nearNew] = turnIds.slice(100);
    const db = getDb();
    const active = await db.thresholdVersion.findFirst({ where: { isActive: true } });
    const fair = active?.fairCutoff ?? 0.5;
    expect(fair).toBe(0.5);
    expect((await escalationOf([nearOld, nearNew])).map((row) => row.escalationReasons)).toEqual([["near_cutoff"], []]);
    await markUnlooked(farIds);
    const { _max } = await db.thresholdVersion.aggregate({ _max: { version: true } });

    // As a threshold save writes it: the old version deactivated, the new one inserted, one transaction.
    const created = await db.$transaction(async (tx) => {
      await tx.thresholdVersion.updateMany({ where: { isActive: true }, data: { isActive: false } });
      return tx.thresholdVersion.create({
        data: { version: (_max.version ?? 0) + 1, fairCutoff: 0.55, goodCutoff: active?.goodCutoff ?? 0.65, excellentCutoff: active?.excellentCutoff ?? 0.8, personaWeights: active?.personaWeights ?? {}, note: "test", isActive: true },
      });
    });
    try {
      expect(await pendingRefreshes()).toBe(0);
      expect(await marksLeft(farIds)).toBe(100);
      await getDb().$queryRaw`SELECT refresh_queue_escalation(${farIds}::int[]) AS changed`;
      const rows = await escalationOf([nearOld, nearNew]);
      expect(rows.map((row) => row.escalationReasons)).toEqual([[], ["near_cutoff"]]);
      expect(rows[1].escalationPriority).toBeCloseTo(1 + (1 - (0.555 - 0.55) / 0.02), 12);
      expect(await staleRows()).toBe(0);
    } finally {
      await db.$transaction(async (tx) => {
        await tx.thresholdVersion.delete({ where: { id: created.id } });
        if (active) await tx.thresholdVersion.update({ where: { id: active.id }, data: { isActive: true } });
      });
    }
    expect((await escalationOf([nearOld, nearNew])).map((row) => row.escalationReasons)).toEqual([["near_cutoff"], []]);
  });

  it("leaves a change of the margin that reaches more rows than it may refresh at once to the job", async () => {
    const persona = uniquePersona("wide");
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.62 }, { score: 0.515 }, { score: 0.3 }]);
    expect((await escalationOf(turnIds)).map((row) => row.escalationReasons)).toEqual([[], ["near_cutoff"], []]);
    // At most one row at once (the default is 10,000): this change reaches at least two.
    await getDb().$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL concord.escalation_sync_rows = '1'`;
      await tx.setting.upsert({
        where: { key: "queue.escalation" },
        create: { key: "queue.escalation", value: { ...DEFAULT_ESCALATION_SETTINGS, cutoffMargin: 0.05 } },
        update: { value: { ...DEFAULT_ESCALATION_SETTINGS, cutoffMargin: 0.05 } },
      });
    });
    expect(await pendingRefreshes()).toBe(1);
    expect((await escalationOf(turnIds)).map((row) => row.escalationReasons)).toEqual([[], ["near_cutoff"], []]);

    await runPendingRefresh();

    const rows = await escalationOf(turnIds);
    expect(rows.map((row) => row.escalationReasons)).toEqual([["near_cutoff"], ["near_cutoff"], []]);
    expect(rows[0].escalationPriority).toBeCloseTo(1 + (1 - (0.65 - 0.62) / 0.05), 12);
    expect(await staleRows()).toBe(0);
  });

  it("leaves a change of the other limits to one background job, whose result equals a full refresh", async () => {
    const persona = uniquePersona("limits");
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.3 }, { score: 0.3 }, { score: 0.3 }]);
    const [sure, unsure, plain] = turnIds;
    const llm = await createJudge("llm");
    await getDb().judgeLabel.createMany({ data: [{ turnId: sure, judgeId: llm, label: "good", confidence: 0.9 }, { turnId: unsure, judgeId: llm, label: "good", confidence: 0.4 }] });
    expect((await escalationOf(turnIds)).map((row) => row.escalationReasons)).toEqual([[], ["low_confidence"], []]);
    const before = await rowVersions(turnIds);

    const refresh = await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, minConfidence: 0.95 });

    // The save wrote no queue row; the job waits, and the page can say how far it is.
    expect(await rowVersions(turnIds)).toEqual(before);
    expect(await pendingRefreshes()).toBe(1);
    const queued = await getDb().queueItem.count();
    expect(refresh).toEqual({ items: queued, done: 0 });
    expect(await staleRows()).toBeGreaterThan(0);

    const jobId = await runPendingRefresh();

    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobId! } });
    expect([job.total, job.completed]).toEqual([queued, queued]);
    expect(await getEscalationRefreshState()).toBeNull();
    const rows = await escalationOf(turnIds);
    expect(rows.map((row) => row.escalationReasons)).toEqual([["low_confidence"], ["low_confidence"], []]);
    expect(rows[0].escalationPriority).toBeCloseTo(1 + (0.95 - 0.9) / 0.95, 12);
    expect(rows[1].escalationPriority).toBeCloseTo(1 + (0.95 - 0.4) / 0.95, 12);
    expect(rows[2].escalationPriority).toBe(0);
    // The job's answer is the full refresh's: a full refresh now changes nothing.
    expect(await staleRows()).toBe(0);
    const [{ changed }] = await getDb().$queryRaw<Array<{ changed: number }>>`SELECT refresh_queue_escalation(NULL) AS changed`;
    expect(changed).toBe(0);
  });

  it("keeps one pending job for two saves, and a job resumed after a committed batch finishes the same", async () => {
    const persona = uniquePersona("twice");
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.3 }, { score: 0.3 }]);
    const llm = await createJudge("llm");
    await getDb().judgeLabel.create({ data: { turnId: turnIds[1], judgeId: llm, label: "good", confidence: 0.7 } });

    await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, minConfidence: 0.8 });
    await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, minConfidence: 0.9 });
    expect(await pendingRefreshes()).toBe(1);
    // A save that changes nothing leaves the job as it is.
    await updateEscalationSettings({ ...DEFAULT_ESCALATION_SETTINGS, minConfidence: 0.9 });
    expect(await pendingRefreshes()).toBe(1);

    // One small batch committed, then the worker stops; the rest runs from where it got to.
    const job = await getDb().job.findFirstOrThrow({ where: { kind: ESCALATION_REFRESH_JOB_KIND, status: "pending" } });
    const first = await refreshEscalationBatch(job.id, 0, 1);
    const resumed = await getDb().job.findUniqueOrThrow({ where: { id: job.id } });
    expect(resumed.payload).toEqual({ afterTurnId: first!.lastTurnId });
    expect(resumed.completed).toBe(1);
    await runPendingRefresh();
    expect(await pendingRefreshes()).toBe(0);
    expect(await staleRows()).toBe(0);
    expect((await escalationOf(turnIds)).map((row) => row.escalationReasons)).toEqual([[], ["low_confidence"]]);
  });
});

describe("the sampled queue", () => {
  it("serves the escalated share of takes, each with its recorded inclusion probability (seeded)", async () => {
    const persona = uniquePersona("share");
    // 200 items, 20 of them within the 0.02 margin of the Fair cut-off.
    const scores = Array.from({ length: 200 }, (_, i) => ({ score: i < 20 ? 0.5 + (i + 1) / 2000 : 0.1 + (i % 37) / 100 }));
    const { turnIds } = await createScoredTurns(persona, scores);
    const escalated = new Set(turnIds.slice(0, 20));
    const [rater] = await createRaters(1);
    const share = 0.3;
    const config = sampled(persona, share);
    const random = uniformSource(2026);
    const replay = uniformSource(2026);
    const top = turnIds[0]; // 0.5005: nearest the cut-off, the highest priority

    let escalatedTakes = 0;
    const TAKES = 300;
    for (let t = 0; t < TAKES; t++) {
      const lease = await takeNextItem(rater, config, { random });
      const row = await getDb().ratingLease.findUniqueOrThrow({ where: { turnId: lease!.turnId } });
      // The same draws, replayed: the escalation share serves the top item, else a random one.
      const isEscalatedTake = replay() < share;
      if (!isEscalatedTake) replay();
      expect(row.isEscalated).toBe(isEscalatedTake);
      if (isEscalatedTake) expect(lease!.turnId).toBe(top);
      expect(row.inclusionProbability).toBeCloseTo(lease!.turnId === top ? share + (1 - share) / 200 : (1 - share) / 200, 15);
      if (isEscalatedTake) escalatedTakes++;
      await getDb().ratingLease.delete({ where: { turnId: lease!.turnId } }); // back to the pool: the next take sees the same 200
    }
    // 300 takes at 30 %: the count is the replayed one, and within 3 standard deviations of 90.
    expect(Math.abs(escalatedTakes - TAKES * share)).toBeLessThan(3 * Math.sqrt(TAKES * share * (1 - share)));
    expect(escalated.has(top)).toBe(true);
  });

  it("serves escalated items in priority order, then random ones, and a rating keeps its probability", async () => {
    const persona = uniquePersona("order");
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.3 }, { score: 0.515 }, { score: 0.501 }, { score: 0.2 }, { score: 0.66 }, { score: 0.9 }]);
    const [rater] = await createRaters(1);
    const config = sampled(persona, 1, 1);
    const { versionId } = await getActiveRubric();
    const served: number[] = [];
    const probabilities: (number | null)[] = [];
    for (let t = 0; t < 4; t++) {
      const lease = await takeNextItem(rater, config, { random: uniformSource(t + 1) });
      served.push(lease!.turnId);
      const outcome = await submitRating({ raterId: rater, turnId: lease!.turnId, rubricVersionId: versionId, values: { overall: 2 }, rationale: null, timeSpentMs: 5, ratingsPerTurn: 1, scope: config.scope });
      expect(outcome.status).toBe("saved");
      const rating = await getDb().rating.findFirstOrThrow({ where: { turnId: lease!.turnId, raterId: rater } });
      probabilities.push(rating.inclusionProbability);
    }
    // 0.501 (nearest Fair), 0.66 (0.01 from Good), 0.515; then nothing is escalated: a random one of the 3 left.
    expect(served.slice(0, 3)).toEqual([turnIds[2], turnIds[4], turnIds[1]]);
    expect([turnIds[0], turnIds[3], turnIds[5]]).toContain(served[3]);
    expect(probabilities).toEqual([1, 1, 1, 1 / 3]);
  });
});

describe("what a rater is sent under escalation", () => {
  it("carries no reason, priority, probability or escalation flag", async () => {
    const persona = uniquePersona("blind");
    await createScoredTurns(persona, [{ score: 0.501 }, { score: 0.3 }]);
    const [rater] = await createRaters(1);
    const lease = await takeNextItem(rater, sampled(persona, 1), { random: uniformSource(7) });
    expect((await getDb().queueItem.findUniqueOrThrow({ where: { turnId: lease!.turnId } })).escalationReasons).toEqual(["near_cutoff"]);

    const view = await getQueueView(rater, lease);
    const body = JSON.stringify(view);
    expect(Object.keys(view.item!).sort()).toEqual(
      ["depthIndex", "earlierTurns", "omittedEarlierTurns", "ordinal", "personaId", "personaName", "personaRole", "response", "seedPrompt", "sessionLabel", "stepIndex", "turnId"],
    );
    for (const secret of ["escalat", "Escalat", "\"reasons\"", "priority", "inclusion", "probability", "near_cutoff", "Near a cut-off"]) expect(body).not.toContain(secret);
  });
});

describe("the escalation refresh's plans", () => {
  it("are made for each call's ids, never a cached generic plan that reads every queue row", async () => {
    // Functions whose cached statements run per call with a batch of ids.
    const rows = await getDb().$queryRaw<{ proname: string; proconfig: string[] | null }[]>`
      SELECT proname, proconfig FROM pg_proc WHERE proname IN ('refresh_queue_escalation', 'apply_queue_escalation_config', 'rescore_queue_batch') ORDER BY proname`;
    expect(rows.map((row) => [row.proname, row.proconfig])).toEqual([
      ["apply_queue_escalation_config", ["plan_cache_mode=force_custom_plan"]],
      ["refresh_queue_escalation", ["plan_cache_mode=force_custom_plan"]],
      ["rescore_queue_batch", ["plan_cache_mode=force_custom_plan"]],
    ]);
  });
});
