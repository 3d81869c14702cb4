import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/v1/agreement/task/route";
import { createTestUser } from "@/scripts/test/factories";
import { kendallTauB, pearsonCorrelation, spearmanCorrelation } from "@/lib/stats";
import { expectClose } from "@/lib/stats/expect-close";
import { intraclassCorrelation } from "@/lib/stats/intraclass-correlation";
import { krippendorffAlpha } from "@/lib/stats/krippendorff-alpha";
import { concordanceCorrelation } from "@/lib/stats/numeric-agreement";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { taskBootstrap } from "@/lib/agreement/task-bootstrap";
import type { ClaimedJob } from "@/lib/server/jobs/job-types";
import { findTaskInput, getTaskReport, TASK_BOOTSTRAP_JOB_KIND } from "./get-task-report";
import { getDataVersion } from "./get-data-version";
import { runTaskBootstrapJob } from "./run-task-bootstrap-job";
import { plantTurns, uniqueName, type Planted } from "./test-helpers";

// Each case plants its own judge, turns, criterion type (a unique criterion name) and
// ratings with SQL, then reads the figures as the page and the API do.

type Value = string | string[] | number;
type LabelTurn = { judge?: Value; confidence?: number; ratings: [string, Value][] };
type CriterionType = { type: string; labels?: string[]; positive?: string };

async function declare(criterion: string, declared: CriterionType): Promise<void> {
  await getDb().$executeRawUnsafe(
    `INSERT INTO criterion_types (criterion, type, labels, positive) VALUES ($1, $2, $3, $4)
     ON CONFLICT (criterion) DO UPDATE SET type = EXCLUDED.type, labels = EXCLUDED.labels, positive = EXCLUDED.positive, updated_at = now()`,
    criterion,
    declared.type,
    declared.labels ?? [],
    declared.positive ?? null,
  );
}

/**
 * Turns whose ratings judge `criterion` (or, with `asDimension`, rate "overall" on turns of
 * that dimension, as a generic dataset does), and the judge's labels with confidences. A
 * numeric criterion's judge number is the turn's score; its ratings are numbers.
 */
async function plantCriterion(type: CriterionType, turns: LabelTurn[], options: { asDimension?: boolean } = {}) {
  const criterion = uniqueName(`task-${type.type}`);
  await declare(criterion, type);
  const numeric = type.type === "numeric";
  const planted = await plantTurns(
    turns.map((turn) => ({ score: numeric && typeof turn.judge === "number" ? turn.judge : 0.5, ratings: [], dimension: options.asDimension ? criterion : undefined })),
  );
  const db = getDb();
  for (const [i, turn] of turns.entries()) {
    const turnId = planted.turnIds[i];
    if (turn.judge !== undefined && !numeric) {
      await db.$executeRawUnsafe(
        `INSERT INTO judge_labels (turn_id, judge_id, label, labels, confidence, is_imported) VALUES ($1, $2, $3, $4, $5, true)`,
        turnId,
        planted.judgeId,
        Array.isArray(turn.judge) ? null : turn.judge,
        Array.isArray(turn.judge) ? turn.judge : null,
        turn.confidence ?? null,
      );
    }
    if (turn.judge === undefined && numeric) await db.$executeRawUnsafe(`DELETE FROM judge_scores WHERE turn_id = $1`, turnId);
    for (const [annotator, value] of turn.ratings) {
      await db.$executeRawUnsafe(
        `INSERT INTO ratings (turn_id, annotator, criterion, label, labels, score, source) VALUES ($1, $2, $3, $4, $5, $6, 'imported')`,
        turnId,
        annotator,
        options.asDimension ? "overall" : criterion,
        typeof value === "string" ? value : null,
        Array.isArray(value) ? value : null,
        typeof value === "number" ? value : null,
      );
    }
  }
  return { criterion, planted };
}

describe("getTaskReport", () => {
  it("scores a binary criterion: counts, calibration and the raters' agreement", async () => {
    const { criterion, planted } = await plantCriterion({ type: "binary", labels: ["fail", "pass"], positive: "pass" }, [
      { judge: "pass", confidence: 0.9, ratings: [["a", "pass"], ["b", "pass"]] },
      { judge: "pass", confidence: 0.7, ratings: [["a", "pass"], ["b", "fail"]] }, // a tie is the negative label
      { judge: "fail", confidence: 0.6, ratings: [["a", "pass"]] },
      { judge: "fail", confidence: 0.95, ratings: [["a", "fail"], ["b", "fail"]] },
      { judge: "fail", ratings: [] }, // nobody rated it
      { ratings: [["a", "pass"]] }, // the judge did not answer
    ]);
    const report = await getTaskReport({ criterion, judge: planted.judge });
    expect(report.criterion).toEqual({ name: criterion, type: "binary", labels: ["fail", "pass"], positive: "pass", min: null, max: null });
    const figures = report.figures!;
    expect(figures.n).toBe(4);
    expect(figures.nRatings).toBe(7);
    if (figures.judge.type !== "binary") throw new Error("expected binary figures");
    expect(figures.judge.metrics).toMatchObject({ tp: 1, fp: 1, fn: 1, tn: 1, precision: 0.5, recall: 0.5, f1: 0.5, specificity: 0.5, mcc: 0, kappa: 0 });
    expect(figures.judge.confusion).toEqual({ labels: ["fail", "pass"], matrix: [[1, 1], [1, 1]] });
    expectClose(figures.calibration!.brier, (0.01 + 0.49 + 0.36 + 0.0025) / 4, 1e-12);
    expectClose(figures.calibration!.ece, (2 / 4) * (1 - 0.925) + (1 / 4) * 0.7 + (1 / 4) * 0.6, 1e-12);
    if (figures.humans.type !== "binary") throw new Error("expected binary agreement");
    // π(pass) = 5/8 over four units, p_a = 2/3 over the three with two ratings.
    expect(figures.humans.overall.nUnits).toBe(3);
    expectClose(figures.humans.overall.fleissKappa.value, 13 / 45, 1e-12);
    expectClose(figures.humans.overall.gwet.value, 19 / 51, 1e-12);
    expectClose(figures.humans.overall.krippendorffAlpha, 4 / 9, 1e-12);
    expect(report.intervals).toEqual({ status: "too-few", reason: "Intervals need at least 10 rated turns; there are 4." });
  });

  it("starts one bootstrap job for many requests, reports it computing, then reads intervals equal to the direct computation", async () => {
    const labels = ["ok", "toxic", "off-topic"];
    const turns: LabelTurn[] = Array.from({ length: 14 }, (_, i) => ({
      judge: labels[i % 3],
      ratings: [
        ["a", labels[i % 3]],
        ["b", labels[(i * 7) % 3]],
        ["c", labels[i % 2]],
      ],
    }));
    const { criterion, planted } = await plantCriterion({ type: "categorical", labels }, turns);
    const scope = { criterion, judge: planted.judge };
    const first = await Promise.all(Array.from({ length: 5 }, () => getTaskReport(scope)));
    expect(first.map((r) => r.intervals?.status)).toEqual(Array(5).fill("computing"));
    const jobs = await getDb().job.findMany({ where: { kind: TASK_BOOTSTRAP_JOB_KIND, status: "pending" } });
    const mine = jobs.filter((j) => (j.payload as { scope: { criterion?: string } }).scope.criterion === criterion);
    expect(mine).toHaveLength(1);

    const job = mine[0];
    await getDb().job.update({ where: { id: job.id }, data: { status: "running", lockedBy: "test-worker" } });
    const claimed: ClaimedJob = { id: job.id, kind: job.kind, payload: job.payload, total: job.total, completed: 0, failed: 0, attempts: 1, endpointId: null };
    expect(await runTaskBootstrapJob(claimed, { workerId: "test-worker", signal: new AbortController().signal, isStopping: () => false })).toBe("done");

    const after = await getTaskReport(scope);
    if (after.intervals?.status !== "ready") throw new Error(`expected ready intervals, got ${after.intervals?.status}`);
    const { task } = await findTaskInput(scope, await getDataVersion(), 2000);
    const direct = taskBootstrap(task!.criterion, task!.data, { replicates: 2000 });
    expect(after.intervals.result).toEqual(JSON.parse(JSON.stringify(direct)));
    if (after.figures?.judge.type !== "categorical") throw new Error("expected categorical figures");
    expect(after.intervals.result.figures.accuracy.estimate).toBe(after.figures.judge.metrics.accuracy);
    expect(after.intervals.result).toMatchObject({ nUnits: 14, nRatings: 42, nRaters: 3, nClusters: 1 });
  });

  it("scores a categorical criterion rated as a dataset's dimension, classes in the declared order", async () => {
    const { criterion, planted } = await plantCriterion(
      { type: "categorical", labels: ["ok", "toxic", "off-topic"] },
      [
        { judge: "ok", ratings: [["a", "ok"]] },
        { judge: "toxic", ratings: [["a", "ok"], ["b", "ok"]] },
        { judge: "off-topic", ratings: [["a", "off-topic"]] },
        { judge: "toxic", ratings: [["a", "toxic"], ["b", "off-topic"]] },
      ],
      { asDimension: true },
    );
    const figures = (await getTaskReport({ criterion, judge: planted.judge })).figures!;
    if (figures.judge.type !== "categorical") throw new Error("expected categorical figures");
    const m = figures.judge.metrics;
    expect(m.labels).toEqual(["ok", "toxic", "off-topic"]);
    expect(m.matrix).toEqual([
      [1, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(m.accuracy).toBe(0.75);
    expectClose(m.macroF1, 7 / 9, 1e-12);
    expectClose(m.weightedF1, 0.75, 1e-12);
    expectClose(m.kappa, 7 / 11, 1e-12);
    expect(figures.calibration).toBeNull();
  });

  it("scores a multi-label criterion against the labels half the raters chose", async () => {
    const { criterion, planted } = await plantCriterion({ type: "multilabel", labels: ["x", "y", "z"] }, [
      { judge: ["x"], confidence: 0.8, ratings: [["a", ["x"]], ["b", ["x", "y"]], ["c", []]] },
      { judge: ["x", "y"], confidence: 0.6, ratings: [["a", ["y"]], ["b", ["x"]]] },
      { judge: ["z"], confidence: 0.9, ratings: [["a", []]] },
    ]);
    const figures = (await getTaskReport({ criterion, judge: planted.judge })).figures!;
    if (figures.judge.type !== "multilabel") throw new Error("expected multi-label figures");
    const m = figures.judge.metrics;
    expectClose(m.macroF1, 2 / 3, 1e-12);
    expectClose(m.microF1, 6 / 7, 1e-12);
    expectClose(m.hammingLoss, 1 / 9, 1e-12);
    expectClose(m.subsetAccuracy, 2 / 3, 1e-12);
    expectClose(m.jaccardSamples, 2 / 3, 1e-12);
    expect(m.perLabel.map((row) => [row.label, row.support])).toEqual([
      ["x", 2],
      ["y", 1],
      ["z", 0],
    ]);
    expectClose(figures.calibration!.brier, (0.04 + 0.16 + 0.81) / 3, 1e-12);
    if (figures.humans.type !== "multilabel") throw new Error("expected per-label agreement");
    expect(figures.humans.perLabel.map((row) => row.label)).toEqual(["x", "y"]);
  });

  it("scores a numeric criterion against the raters' mean", async () => {
    const { criterion, planted } = await plantCriterion({ type: "numeric" }, [
      { judge: 1, ratings: [["a", 1], ["b", 3]] },
      { judge: 4, ratings: [["a", 4]] },
      { judge: 2, ratings: [["a", 5], ["b", 5]] },
      { judge: 3, ratings: [["a", 2], ["b", 2]] },
    ]);
    const figures = (await getTaskReport({ criterion, judge: planted.judge })).figures!;
    if (figures.judge.type !== "numeric") throw new Error("expected numeric figures");
    const human = [2, 4, 5, 2];
    const judge = [1, 4, 2, 3];
    expectClose(figures.judge.mae, 5 / 4, 1e-12);
    expectClose(figures.judge.rmse, Math.sqrt(11 / 4), 1e-12);
    expect(figures.judge.pearson).toEqual(pearsonCorrelation(human, judge));
    expect(figures.judge.spearman).toEqual(spearmanCorrelation(human, judge));
    expect(figures.judge.kendall).toEqual(kendallTauB(human, judge));
    expect(figures.judge.ccc).toBe(concordanceCorrelation(human, judge));
    expect(figures.judge.icc).toEqual(intraclassCorrelation([human, judge]));
    if (figures.humans.type !== "numeric") throw new Error("expected numeric agreement");
    expect(figures.humans.overall.krippendorffAlpha).toBe(krippendorffAlpha([[1, 4, 5, 2], [3, null, 5, 2]], "interval").value);
    expect(figures.calibration).toBeNull();
  });

  it("takes the judge that labelled the criterion when the scope names none", async () => {
    const { criterion, planted } = await plantCriterion({ type: "binary", labels: ["no", "yes"], positive: "yes" }, [
      { judge: "yes", ratings: [["a", "yes"]] },
      { judge: "no", ratings: [["a", "yes"]] },
    ]);
    const report = await getTaskReport({ criterion });
    expect(report.scope.judge?.id).toBe(planted.judgeId);
    expect(report.figures?.n).toBe(2);
  });

  it("has no figures for an ordinal, undeclared or absent criterion", async () => {
    const ordinal = uniqueName("task-ordinal");
    await declare(ordinal, { type: "ordinal" });
    for (const scope of [{ criterion: ordinal }, { criterion: uniqueName("task-unknown") }, {}]) {
      const report = await getTaskReport(scope);
      expect(report.criterion).toBeNull();
      expect(report.figures).toBeNull();
    }
  });
});

describe("GET /api/v1/agreement/task", () => {
  const context = { params: Promise.resolve({}) };
  let planted: { criterion: string; planted: Planted };
  let readKey: string;
  let raterCookie: string;

  beforeAll(async () => {
    planted = await plantCriterion({ type: "binary", labels: ["no", "yes"], positive: "yes" }, [{ judge: "yes", ratings: [["a", "yes"]] }]);
    readKey = (await createApiKey({ name: "task-read", scope: "read" })).key;
    raterCookie = (await createSession((await createTestUser("rater")).id)).token;
  });

  function get(auth: { bearer?: string; cookie?: string }): NextRequest {
    const headers = new Headers({ host: "localhost:3000" });
    if (auth.bearer) headers.set("authorization", `Bearer ${auth.bearer}`);
    if (auth.cookie) headers.set("cookie", `${SESSION_COOKIE}=${auth.cookie}`);
    const params = new URLSearchParams({ criterion: planted.criterion, judge: planted.planted.judge });
    return new NextRequest(`http://localhost:3000/api/v1/agreement/task?${params}`, { headers });
  }

  it("answers a read key with the figures, refuses a rater and asks an anonymous caller to sign in", async () => {
    const ok = await getTask(get({ bearer: readKey }), context);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.criterion.type).toBe("binary");
    expect(body.figures.n).toBe(1);
    expect((await getTask(get({ cookie: raterCookie }), context)).status).toBe(403);
    expect((await getTask(get({}), context)).status).toBe(401);
  });
});
