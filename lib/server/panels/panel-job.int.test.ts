import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "../agreement/test-helpers";
import { DomainError } from "../errors";
import { startJobWorker } from "../jobs/job-worker";
import { listPanelJobs, PANEL_JOB_KIND, queuePanel, runPanelJob } from "./panel-job";

vi.mock("../jobs/start-server-job-worker", () => ({ wakeServerJobWorker: () => {} }));

async function scorer(turnIds: number[], scores: number[]): Promise<number> {
  const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'llm') RETURNING id`, uniqueName("member"));
  for (const [i, score] of scores.entries()) await getDb().$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, $3)`, turnIds[i], id, score);
  return id;
}

/** Runs the worker on panel jobs until `jobId` has ended; returns the job's row. */
async function runUntilEnded(jobId: number) {
  const worker = startJobWorker({ handlers: { [PANEL_JOB_KIND]: runPanelJob }, pollIntervalMs: 50, log: () => {} });
  try {
    for (let waited = 0; waited < 20_000; waited += 50) {
      const job = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
      if (job.status === "done" || job.status === "failed") return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not end`);
  } finally {
    await worker.stop();
  }
}

describe("a panel built by the job worker", () => {
  it("is queued once for a double submit, stored by the worker, and shown with what was created", async () => {
    const planted = await plantTurns([{ score: 0.2, ratings: [] }, { score: 0.6, ratings: [] }]);
    const other = await scorer(planted.turnIds, [0.4, 1]);
    const form = { name: uniqueName("job-panel"), aggregate: "mean" as const, members: [planted.judgeId, other] };
    const first = await queuePanel(form, null);
    expect(first.isNew).toBe(true);
    expect(await queuePanel(form, null)).toEqual({ jobId: first.jobId, isNew: false });
    expect((await listPanelJobs()).find((job) => job.id === first.jobId)).toMatchObject({ name: form.name, aggregate: "mean", status: "pending", created: null });

    const job = await runUntilEnded(first.jobId);
    expect(job).toMatchObject({ status: "done", completed: 1, lastError: null });
    const panels = await getDb().judge.findMany({ where: { name: form.name }, select: { id: true, version: true } });
    expect(panels.map((panel) => panel.version)).toEqual(["1"]);
    const scores = await getDb().judgeScore.findMany({ where: { judgeId: panels[0].id }, orderBy: { turnId: "asc" }, select: { overallScore: true } });
    expect(scores.map((score) => score.overallScore)).toEqual([(0.2 + 0.4) / 2, (0.6 + 1) / 2]);
    expect((await listPanelJobs()).find((row) => row.id === first.jobId)).toMatchObject({ status: "done", created: { id: panels[0].id, name: form.name, version: "1", turns: 2 } });

    // A job resumed after it stored its panel (its worker died before finishing) stores nothing again.
    const claimed = { ...job, payload: job.payload, total: 1, endpointId: null };
    expect(await runPanelJob(claimed, { workerId: "test", signal: new AbortController().signal, isStopping: () => false })).toBe("done");
    expect(await getDb().judge.count({ where: { name: form.name } })).toBe(1);
    // Once that job has ended, the same form makes the next version.
    expect((await queuePanel(form, null)).isNew).toBe(true);
  });

  it("refuses at once what it can (a judge twice, a judge that is gone, a name held by another kind of judge)", async () => {
    const planted = await plantTurns([{ score: 0.5, ratings: [] }]);
    const name = uniqueName("job-panel");
    await expect(queuePanel({ name, aggregate: "mean", members: [planted.judgeId, planted.judgeId] }, null)).rejects.toThrow("A judge can sit on a panel once.");
    await expect(queuePanel({ name, aggregate: "mean", members: [planted.judgeId, 2_000_000_000] }, null)).rejects.toThrow("No judge with id 2000000000: reload the page and pick again.");
    const taken = await getDb().judge.findUniqueOrThrow({ where: { id: planted.judgeId } });
    await expect(queuePanel({ name: taken.name, aggregate: "mean", members: [planted.judgeId, await scorer(planted.turnIds, [0.1])] }, null)).rejects.toBeInstanceOf(DomainError);
    expect(await getDb().job.count({ where: { kind: PANEL_JOB_KIND, payload: { path: ["form", "name"], equals: name } } })).toBe(0);
  });

  it("fails with the reason when the members share no turn, and leaves no panel", async () => {
    const a = await plantTurns([{ score: 0.5, ratings: [] }]);
    const b = await plantTurns([{ score: 0.5, ratings: [] }]);
    const name = uniqueName("job-panel");
    const { jobId } = await queuePanel({ name, aggregate: "median", members: [a.judgeId, b.judgeId] }, null);
    const job = await runUntilEnded(jobId);
    expect(job.status).toBe("failed");
    expect(job.lastError).toBe("These judges have no turn that all of them scored, so the panel would have no answers. Pick judges that scored the same turns.");
    expect(await getDb().judge.count({ where: { name } })).toBe(0);
    expect((await listPanelJobs()).find((row) => row.id === jobId)).toMatchObject({ status: "failed", error: job.lastError, created: null });
  });
});
