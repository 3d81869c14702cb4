import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "../agreement/test-helpers";
import { DomainError } from "../errors";
import { startJobWorker } from "../jobs/job-worker";
import { DERIVED_JUDGE_JOB_KIND, listDerivedJudgeJobs, queueDerivedJudge, runDerivedJudgeJob } from "./derived-judge-job";

vi.mock("../jobs/start-server-job-worker", () => ({ wakeServerJobWorker: () => {} }));

async function scorer(turnIds: number[], scores: number[]): Promise<number> {
  const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'llm') RETURNING id`, uniqueName("member"));
  for (const [i, score] of scores.entries()) await getDb().$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, $3)`, turnIds[i], id, score);
  return id;
}

/** Runs the worker on derived-judge jobs until `jobId` has ended; returns the job's row. */
async function runUntilEnded(jobId: number) {
  const worker = startJobWorker({ handlers: { [DERIVED_JUDGE_JOB_KIND]: runDerivedJudgeJob }, pollIntervalMs: 50, log: () => {} });
  try {
    for (let waited = 0; waited < 30_000; waited += 50) {
      const job = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
      if (job.status === "done" || job.status === "failed") return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not end`);
  } finally {
    await worker.stop();
  }
}

describe("panels, cascades and calibrated judges built by the job worker", () => {
  it("queues a panel once for a double submit, stores it in the worker, and lists what was built", async () => {
    const planted = await plantTurns([{ score: 0.2, ratings: [] }, { score: 0.6, ratings: [] }]);
    const other = await scorer(planted.turnIds, [0.4, 1]);
    const form = { name: uniqueName("job-panel"), aggregate: "mean" as const, members: [planted.judgeId, other] };
    const first = await queueDerivedJudge({ type: "panel", form }, null);
    expect(first.isNew).toBe(true);
    expect(await queueDerivedJudge({ type: "panel", form }, null)).toEqual({ jobId: first.jobId, isNew: false });
    expect((await listDerivedJudgeJobs("panel")).find((job) => job.id === first.jobId)).toMatchObject({ name: form.name, status: "pending", built: null });
    expect((await listDerivedJudgeJobs("cascade")).some((job) => job.id === first.jobId)).toBe(false);

    const job = await runUntilEnded(first.jobId);
    expect(job).toMatchObject({ status: "done", completed: 1, lastError: null });
    const panels = await getDb().judge.findMany({ where: { name: form.name }, select: { id: true, version: true } });
    expect(panels.map((panel) => panel.version)).toEqual(["1"]);
    const scores = await getDb().judgeScore.findMany({ where: { judgeId: panels[0].id }, orderBy: { turnId: "asc" }, select: { overallScore: true } });
    expect(scores.map((score) => score.overallScore)).toEqual([(0.2 + 0.4) / 2, (0.6 + 1) / 2]);
    expect((await listDerivedJudgeJobs("panel")).find((row) => row.id === first.jobId)).toMatchObject({
      status: "done",
      built: { id: panels[0].id, name: form.name, version: "1", summary: "answers on 2 turns. Pick it as the judge on the Agreement page to see what it is worth." },
    });

    // A job resumed after it stored its panel (its worker died before finishing) stores nothing again.
    const claimed = { ...job, total: 1, endpointId: null };
    expect(await runDerivedJudgeJob(claimed, { workerId: "test", signal: new AbortController().signal, isStopping: () => false })).toBe("done");
    expect(await getDb().judge.count({ where: { name: form.name } })).toBe(1);
    // Once that job has ended, the same form builds the next version.
    expect((await queueDerivedJudge({ type: "panel", form }, null)).isNew).toBe(true);
  });

  it("builds a cascade, with what went to the strong judge in its summary", async () => {
    const planted = await plantTurns([{ score: 0.2, ratings: [] }, { score: 0.64, ratings: [] }, { score: 0.9, ratings: [] }]);
    const strong = await scorer(planted.turnIds, [0.1, 0.7, 0.95]);
    const name = uniqueName("job-cascade");
    const { jobId } = await queueDerivedJudge({ type: "cascade", form: { name, screener: planted.judgeId, strong, cutoff: 0.65, below: 0.05, above: 0.05, tolerance: 0.02 } }, null);
    expect((await runUntilEnded(jobId)).status).toBe("done");
    const [listed] = (await listDerivedJudgeJobs("cascade")).filter((job) => job.id === jobId);
    expect(listed.built?.summary).toBe("scores on 3 turns, 1 of them from the strong judge. Pick it as the judge on the Agreement page to see what it costs and what it is worth.");
    const cascade = await getDb().judge.findFirstOrThrow({ where: { name }, select: { id: true, kind: true } });
    expect(cascade.kind).toBe("cascade");
    const scores = await getDb().judgeScore.findMany({ where: { judgeId: cascade.id }, orderBy: { turnId: "asc" }, select: { overallScore: true } });
    expect(scores.map((score) => score.overallScore)).toEqual([0.2, 0.7, 0.9]);
  });

  it("refuses at once what it can: a judge twice, a judge that is gone, a name held by another kind of judge", async () => {
    const planted = await plantTurns([{ score: 0.5, ratings: [] }]);
    const name = uniqueName("job-panel");
    await expect(queueDerivedJudge({ type: "panel", form: { name, aggregate: "mean", members: [planted.judgeId, planted.judgeId] } }, null)).rejects.toThrow("A judge can sit on a panel once.");
    await expect(queueDerivedJudge({ type: "panel", form: { name, aggregate: "mean", members: [planted.judgeId, 2_000_000_000] } }, null)).rejects.toThrow("No judge with id 2000000000: reload the page and pick again.");
    await expect(queueDerivedJudge({ type: "calibrated", form: { name, source: 2_000_000_000 } }, null)).rejects.toThrow("No judge with id 2000000000: reload the page and pick again.");
    const taken = await getDb().judge.findUniqueOrThrow({ where: { id: planted.judgeId } });
    const refusal = queueDerivedJudge({ type: "cascade", form: { name: taken.name, screener: planted.judgeId, strong: planted.judgeId, cutoff: 0.5, below: 0.1, above: 0.1, tolerance: 0.02 } }, null);
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toThrow(`“${taken.name}” is the name of a judge that is not a cascade: choose another name.`);
    expect(await getDb().job.count({ where: { kind: DERIVED_JUDGE_JOB_KIND, payload: { path: ["form", "name"], equals: name } } })).toBe(0);
  });

  it("fails with the reason when the judge cannot be built, and leaves no judge", async () => {
    const a = await plantTurns([{ score: 0.5, ratings: [] }]);
    const b = await plantTurns([{ score: 0.5, ratings: [] }]);
    const name = uniqueName("job-panel");
    const { jobId } = await queueDerivedJudge({ type: "panel", form: { name, aggregate: "median", members: [a.judgeId, b.judgeId] } }, null);
    const job = await runUntilEnded(jobId);
    expect(job.status).toBe("failed");
    expect(job.lastError).toBe("These judges have no turn that all of them scored, so the panel would have no answers. Pick judges that scored the same turns.");
    expect(await getDb().judge.count({ where: { name } })).toBe(0);
    expect((await listDerivedJudgeJobs("panel")).find((row) => row.id === jobId)).toMatchObject({ status: "failed", error: job.lastError, built: null });

    const calibrated = uniqueName("job-calibrated");
    const tooFew = await queueDerivedJudge({ type: "calibrated", form: { name: calibrated, source: a.judgeId } }, null);
    const failed = await runUntilEnded(tooFew.jobId);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/has overall ratings in 0 sessions; calibrating needs rated turns in at least 5 sessions/);
    expect(await getDb().judge.count({ where: { name: calibrated } })).toBe(0);
  });
});
