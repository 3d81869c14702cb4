import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getVerdict } from "@/app/api/v1/agreement/verdict/route";
import { DEFAULT_VERDICT_SETTINGS, VERDICT_SETTINGS_KEY } from "@/lib/agreement/verdict-settings.schema";
import { altTest } from "@/lib/stats/alt-test";
import { crossedBootstrap } from "@/lib/stats/crossed-bootstrap";
import { classicalMeanCi, ppiMean } from "@/lib/stats/ppi";
import { uniformSource } from "@/lib/stats/seeded-random";
import { createTestUser } from "@/scripts/test/factories";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { bootstrapInput } from "@/lib/agreement/bootstrap-input";
import { computeAgreement } from "../agreement/compute-agreement";
import { createThresholdVersion, plantTurns, uniqueName, type PlantedTurn } from "../agreement/test-helpers";
import type { ClaimedJob } from "../jobs/job-types";
import { BOOTSTRAP_JOB_KIND } from "./bootstrap-state";
import { findUnlabeledLevels } from "./find-unlabeled-levels";
import { getTrustReport } from "./get-trust-report";
import { getVerdictSettings } from "./get-verdict-settings";
import { runBootstrapJob } from "./run-bootstrap-job";
import { updateVerdictSettings } from "./update-verdict-settings";

// The verdict settings are one database-wide row: every test that reads or writes them is
// in this file, which runs its tests one after another.

const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const RATERS = ["r1", "r2", "r3"];

/** Items rated by three annotators around the judge's level, in four sessions, and 25 unrated turns. */
function dataset(): PlantedTurn[][] {
  const next = uniformSource(7);
  return Array.from({ length: 4 }, (_, s) =>
    Array.from({ length: 30 }, (_, i): PlantedTurn => {
      const score = Math.round(next() * 1000) / 1000;
      const judge = 1 + [CUTOFFS.fair, CUTOFFS.good, CUTOFFS.excellent].filter((c) => score >= c).length;
      const rated = i < 24;
      const ratings = rated ? RATERS.map((r): [string, number] => [r, Math.min(4, Math.max(1, judge + Math.round((next() - 0.5) * 1.6)))]) : [];
      return { score, ratings, persona: s % 2 === 0 ? "thesis" : "antithesis" };
    }),
  );
}

let judge: string;
let thresholds: number;
let turns: PlantedTurn[];

beforeAll(async () => {
  judge = uniqueName("verdict-test");
  const sessions = dataset();
  turns = sessions.flat();
  for (const session of sessions) await plantTurns(session, { judge });
  thresholds = await createThresholdVersion(CUTOFFS);
  await getDb().setting.deleteMany({ where: { key: VERDICT_SETTINGS_KEY } });
});

const levelOf = (score: number) => 1 + [CUTOFFS.fair, CUTOFFS.good, CUTOFFS.excellent].filter((c) => score >= c).length;

describe("findUnlabeledLevels", () => {
  it("counts the judge's levels of the scored turns nobody rated, by the scope's cut-offs", async () => {
    const { report } = await computeAgreement({ judge, thresholds });
    const expected = [0, 0, 0, 0];
    for (const turn of turns) if (turn.ratings.length === 0) expected[levelOf(turn.score) - 1]++;
    expect(expected.reduce((a, b) => a + b)).toBe(24);
    expect(await findUnlabeledLevels(report.scope, CUTOFFS)).toEqual(expected);
    const thesis = (await computeAgreement({ judge, thresholds, persona: "thesis" })).report.scope;
    expect((await findUnlabeledLevels(thesis, CUTOFFS)).reduce((a, b) => a + b)).toBe(12);
  });

  it("takes a generic dataset's turn as unlabeled for its own dimension only", async () => {
    const planted = await plantTurns([
      { score: 0.9, ratings: [["a", 4]], dimension: "fluency" },
      { score: 0.9, ratings: [], dimension: "fluency" },
      { score: 0.3, ratings: [], dimension: "coherence" },
    ]);
    const scope = (criterion: string) => computeAgreement({ judge: planted.judge, criterion }).then((c) => c.report.scope);
    expect(await findUnlabeledLevels(await scope("fluency"), CUTOFFS)).toEqual([0, 0, 0, 1]);
    expect(await findUnlabeledLevels(await scope("coherence"), CUTOFFS)).toEqual([1, 0, 0, 0]);
  });
});

describe("getTrustReport", () => {
  it("gives the alt-test and the corrected estimates of the same data run through lib/stats directly", async () => {
    const trust = await getTrustReport({ judge, thresholds });
    const rated = turns.filter((t) => t.ratings.length > 0);
    const unrated = turns.filter((t) => t.ratings.length === 0);
    expect(trust.nItems).toBe(96);
    expect(trust.nRatings).toBe(288);

    const direct = altTest(
      {
        item: rated.flatMap((t, i) => t.ratings.map(() => String(i))),
        rater: rated.flatMap((t) => t.ratings.map(([r]) => `a:${r}`)),
        value: rated.flatMap((t) => t.ratings.map(([, level]) => level)),
        judge: new Map(rated.map((t, i) => [String(i), levelOf(t.score)])),
      },
      { epsilon: 0.15, alignment: "neg_rmse" },
    );
    expect(trust.trust.altTest).toEqual(direct);
    expect(trust.trust.altTest.nTested).toBe(3);

    const lowerMedian = (levels: number[]) => [...levels].sort((a, b) => a - b)[Math.floor((levels.length - 1) / 2)];
    const y = rated.map((t) => lowerMedian(t.ratings.map(([, l]) => l)));
    const yHat = rated.map((t) => levelOf(t.score));
    const unlabeled = unrated.map((t) => levelOf(t.score)).sort((a, b) => a - b);
    const { meanLevel, passRate } = trust.trust.quality;
    expect(meanLevel.corrected).toEqual({ ...ppiMean(y, yHat, unlabeled, { alpha: 0.05 }), nLabeled: 96, nUnlabeled: 24 });
    expect(meanLevel.humanOnly).toEqual({ ...classicalMeanCi(y, 0.05), n: 96 });
    expect(meanLevel.judgeOnly.n).toBe(120);
    expect(meanLevel.judgeOnly.mean).toBeCloseTo([...yHat, ...unlabeled].reduce((a, b) => a + b) / 120, 12);
    const pass = (values: number[]) => values.map((v) => (v >= 3 ? 1 : 0));
    expect(passRate.corrected.mean).toBeCloseTo(ppiMean(pass(y), pass(yHat), pass(unlabeled)).mean!, 12);
  });

  it("starts one bootstrap job for many requests at once, reports it computing, then reads the stored intervals", async () => {
    const scope = { judge, thresholds, persona: "antithesis" };
    const first = await Promise.all(Array.from({ length: 6 }, () => getTrustReport(scope)));
    expect(first.map((r) => r.bootstrap.status)).toEqual(Array(6).fill("computing"));
    const jobs = await getDb().job.findMany({ where: { kind: BOOTSTRAP_JOB_KIND, status: "pending" }, orderBy: { id: "asc" } });
    const mine = jobs.filter((j) => (j.payload as { scope: { judge?: string; persona?: string } }).scope.persona === "antithesis" && (j.payload as { scope: { judge?: string } }).scope.judge === judge);
    expect(mine).toHaveLength(1);
    expect(first[0].verdicts.map((v) => [v.key, v.interval])).toEqual([
      ["kappa_quadratic", "wald"],
      ["alt_test", null],
    ]);

    const job = mine[0];
    await getDb().job.update({ where: { id: job.id }, data: { status: "running", lockedBy: "test-worker" } });
    const claimed: ClaimedJob = { id: job.id, kind: job.kind, payload: job.payload, total: job.total, completed: 0, failed: 0, attempts: 1, endpointId: null };
    const outcome = await runBootstrapJob(claimed, { workerId: "test-worker", signal: new AbortController().signal, isStopping: () => false });
    expect(outcome).toBe("done");
    expect((await getDb().job.findUniqueOrThrow({ where: { id: job.id } })).completed).toBe(2000);

    const after = await getTrustReport(scope);
    expect(after.bootstrap.status).toBe("ready");
    const { pairs } = await computeAgreement(scope);
    const direct = crossedBootstrap(bootstrapInput(pairs), { replicates: 2000 });
    expect(after.bootstrap.status === "ready" && after.bootstrap.result).toEqual(JSON.parse(JSON.stringify(direct)));
    const kappa = after.verdicts.find((v) => v.key === "kappa_quadratic")!;
    expect(kappa.interval).toBe("crossed-bootstrap");
    expect(kappa.ci).toEqual(direct!.judgeKappa.ci);
    expect(kappa.estimate).toBeCloseTo((await computeAgreement(scope)).report.headline.kappa.quadratic.value!, 12);
    expect(after.verdicts.map((v) => v.key)).toEqual(["kappa_quadratic", "human_alpha", "gap", "alt_test"]);
  });

  it("says too few when no item has two raters, without starting a job", async () => {
    const planted = await plantTurns([{ score: 0.9, ratings: [["a", 4]] }, { score: 0.2, ratings: [["a", 1]] }]);
    const before = await getDb().job.count({ where: { kind: BOOTSTRAP_JOB_KIND } });
    const trust = await getTrustReport({ judge: planted.judge });
    expect(trust.bootstrap.status).toBe("too-few");
    expect(await getDb().job.count({ where: { kind: BOOTSTRAP_JOB_KIND } })).toBe(before);
    const alt = trust.verdicts.find((v) => v.key === "alt_test")!;
    expect([alt.verdict, alt.reason]).toEqual(["inconclusive", "too-few"]);
  });
});

describe("verdict settings", () => {
  const form = { ...DEFAULT_VERDICT_SETTINGS, criterion: undefined as string | undefined, epsilon: 0.15, alignment: "neg_rmse" as const };

  it("keeps both criteria when two admins save at once, and the alt-test follows the scope's criterion", async () => {
    await Promise.all([
      updateVerdictSettings({ ...form, criterion: "overall", epsilon: 0.2, alignment: "accuracy" }),
      updateVerdictSettings({ ...form, criterion: "clarity", epsilon: 0.1 }),
    ]);
    const settings = await getVerdictSettings();
    expect(settings.criteria).toEqual({ overall: { epsilon: 0.2, alignment: "accuracy" }, clarity: { epsilon: 0.1, alignment: "neg_rmse" } });
    const trust = await getTrustReport({ judge, thresholds, criterion: "overall" });
    expect([trust.trust.altTest.epsilon, trust.trust.altTest.alignment]).toEqual([0.2, "accuracy"]);
    expect((await getTrustReport({ judge, thresholds })).trust.altTest.epsilon).toBe(0.15);
  });

  it("refuses values out of range and falls back to the defaults for a broken stored value", async () => {
    await expect(updateVerdictSettings({ ...form, kappaMin: 3 })).rejects.toThrow();
    await getDb().setting.update({ where: { key: VERDICT_SETTINGS_KEY }, data: { value: { kappaMin: "high" } } });
    expect(await getVerdictSettings()).toEqual(DEFAULT_VERDICT_SETTINGS);
    await getDb().setting.deleteMany({ where: { key: VERDICT_SETTINGS_KEY } });
  });
});

describe("GET /api/v1/agreement/verdict", () => {
  const context = { params: Promise.resolve({}) };
  const get = (path: string, auth: { bearer?: string; cookie?: string }) => {
    const headers = new Headers({ host: "localhost:3000" });
    if (auth.bearer) headers.set("authorization", `Bearer ${auth.bearer}`);
    if (auth.cookie) headers.set("cookie", `${SESSION_COOKIE}=${auth.cookie}`);
    return new NextRequest(`http://localhost:3000${path}`, { headers });
  };

  it("answers a read key and a viewer, refuses a rater and an ingest key, and names a bad scope", async () => {
    const path = `/api/v1/agreement/verdict?judge=${encodeURIComponent(judge)}&thresholds=${thresholds}`;
    const read = (await createApiKey({ name: "verdict-read", scope: "read" })).key;
    const ingest = (await createApiKey({ name: "verdict-ingest", scope: "ingest" })).key;
    const viewer = (await createSession((await createTestUser("viewer")).id)).token;
    const rater = (await createSession((await createTestUser("rater")).id)).token;
    const response = await getVerdict(get(path, { bearer: read }), context);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.verdicts.map((v: { key: string }) => v.key)).toContain("alt_test");
    expect(body.trust.altTest.nTested).toBe(3);
    expect((await getVerdict(get(path, { cookie: viewer }), context)).status).toBe(200);
    expect((await getVerdict(get(path, { cookie: rater }), context)).status).toBe(403);
    expect((await getVerdict(get(path, { bearer: ingest }), context)).status).toBe(403);
    expect((await getVerdict(get(path, {}), context)).status).toBe(401);
    const bad = await getVerdict(get("/api/v1/agreement/verdict?from=2026-13-01", { bearer: read }), context);
    expect(bad.status).toBe(400);
  });
});
