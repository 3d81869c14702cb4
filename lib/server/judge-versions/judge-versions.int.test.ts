import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getVersions } from "@/app/api/v1/agreement/versions/route";
import { createTestUser } from "@/scripts/test/factories";
import { cohenKappa } from "@/lib/stats/cohen-kappa";
import { crossedKappas } from "@/lib/stats/crossed-versions";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import type { ClaimedJob } from "@/lib/server/jobs/job-types";
import { getDataVersion } from "../agreement/get-data-version";
import { resolveAgreementScope } from "../agreement/resolve-agreement-scope";
import { plantTurns, uniqueName } from "../agreement/test-helpers";
import { levelsOf, plantVersions, SESSIONS, TURNS_PER_SESSION } from "./test-helpers";
import { findVersionData } from "./find-version-data";
import { getJudgeVersions, VERSIONS_JOB_KIND } from "./get-judge-versions";
import { runVersionsBootstrapJob } from "./run-versions-bootstrap-job";

async function runJob(name: string) {
  const jobs = await getDb().job.findMany({ where: { kind: VERSIONS_JOB_KIND, status: "pending" } });
  const mine = jobs.filter((j) => (j.payload as { scope: { judge?: string } }).scope.judge === name);
  expect(mine).toHaveLength(1);
  const job = mine[0];
  await getDb().job.update({ where: { id: job.id }, data: { status: "running", lockedBy: "test-worker" } });
  const claimed: ClaimedJob = { id: job.id, kind: job.kind, payload: job.payload, total: job.total, completed: 0, failed: 0, attempts: 1, endpointId: null };
  expect(await runVersionsBootstrapJob(claimed, { workerId: "test-worker", signal: new AbortController().signal, isStopping: () => false })).toBe("done");
}

describe("getJudgeVersions", () => {
  let planted: Awaited<ReturnType<typeof plantVersions>>;
  beforeAll(async () => {
    planted = await plantVersions();
  });

  it("lists the versions in order on the frozen set, computes the intervals in one job, then marks the third version a regression", async () => {
    const { name, turns } = planted;
    const first = await Promise.all(Array.from({ length: 3 }, () => getJudgeVersions({ judge: name })));
    const table = first[0].judges[0];
    expect(first[0].judges).toHaveLength(1);
    expect(table.name).toBe(name);
    expect(table.frozen).toMatchObject({ nItems: 39, nSessions: 8 });
    expect(table.versions.map((v) => [v.version, v.nScored, v.status])).toEqual([
      ["1", 40, "pending"],
      ["v2", 40, "pending"],
      ["v3", 39, "pending"],
    ]);
    expect(table.notRun.map((v) => v.version)).toEqual(["v1b"]);
    expect(table.intervals.status).toBe("computing");

    // κ_q on the frozen set, computed here from the planted levels: human level = lower median of the ratings.
    const frozen = turns.slice(0, -1);
    const human = Array.from({ length: SESSIONS * TURNS_PER_SESSION - 1 }, (_, i) => {
      const levels = levelsOf(Math.floor(i / TURNS_PER_SESSION), i % TURNS_PER_SESSION).ratings.map((r) => r[1]).sort((a, b) => a - b);
      return levels[Math.ceil(levels.length / 2) - 1];
    });
    const v1 = Array.from({ length: frozen.length }, (_, i) => levelsOf(Math.floor(i / TURNS_PER_SESSION), i % TURNS_PER_SESSION).v1);
    const expected = [v1, frozen.map((t) => t.v2), frozen.map((t) => t.v3)].map((levels) => cohenKappa(human, levels, [1, 2, 3, 4]).quadratic.value!);
    table.versions.forEach((v, i) => expect(v.kappa).toBeCloseTo(expected[i], 12));
    expect(expected[2]).toBeLessThan(expected[0] - 0.3);

    await runJob(name);
    const after = (await getJudgeVersions({ judge: name })).judges[0];
    expect(after.intervals.status).toBe("ready");
    expect(after.versions.map((v) => [v.version, v.status, v.against])).toEqual([
      ["1", "first", null],
      ["v2", "steady", "1"],
      ["v3", "regression", "v2"],
    ]);
    expect(after.newestIsRegression).toBe(true);
    // The stored intervals are the crossed bootstrap of the three versions on the frozen set.
    const dataVersion = await getDataVersion();
    const data = await findVersionData(await resolveAgreementScope({ judge: name }, dataVersion, { withDefaultJudge: false }), name);
    const direct = crossedKappas(data.input!, data.levels, { replicates: 2000 });
    after.versions.forEach((v, i) => {
      expect(v.kappa).toBe(direct.kappas[i].estimate);
      expect(v.ci).toEqual(direct.kappas[i].ci);
    });
    expect(after.versions[2].kappa!).toBeLessThan(after.versions[1].ci![0]);
    expect(after.versions[1].kappa!).toBeGreaterThanOrEqual(after.versions[0].ci![0]);
  });

  it("says too few when fewer than 10 items are scored by every version", async () => {
    const name = uniqueName("drift-few");
    const planted = await plantTurns([{ score: 0.3, ratings: [["a", 1]] }, { score: 0.9, ratings: [["a", 4]] }], { judge: name });
    await getDb().$executeRawUnsafe(`INSERT INTO judges (name, version, kind, created_at) VALUES ($1, '2', 'imported', now() + interval '1 minute')`, name);
    await getDb().$executeRawUnsafe(
      `INSERT INTO judge_scores (turn_id, judge_id, overall_score) SELECT unnest($1::int[]), (SELECT id FROM judges WHERE name = $2 AND version = '2'), 0.55`,
      planted.turnIds,
      name,
    );
    const table = (await getJudgeVersions({ judge: name })).judges[0];
    expect(table.frozen.nItems).toBe(2);
    expect(table.intervals).toEqual({ status: "too-few", reason: "Intervals need at least 10 rated items scored by every version; there are 2." });
    expect(table.versions.map((v) => v.status)).toEqual(["first", "not-compared"]);
    expect(table.newestIsRegression).toBe(false);
  });

  it("refuses an unknown judge name", async () => {
    await expect(getJudgeVersions({ judge: uniqueName("nobody") })).rejects.toThrow(/No judge named/);
  });
});

describe("GET /api/v1/agreement/versions", () => {
  const context = { params: Promise.resolve({}) };
  let readKey: string;
  let raterCookie: string;
  let name: string;

  beforeAll(async () => {
    name = (await plantTurns([{ score: 0.3, ratings: [["a", 1]] }])).judge;
    readKey = (await createApiKey({ name: "versions-read", scope: "read" })).key;
    raterCookie = (await createSession((await createTestUser("rater")).id)).token;
  });

  function get(auth: { bearer?: string; cookie?: string }, params = new URLSearchParams({ judge: name })): NextRequest {
    const headers = new Headers({ host: "localhost:3000" });
    if (auth.bearer) headers.set("authorization", `Bearer ${auth.bearer}`);
    if (auth.cookie) headers.set("cookie", `${SESSION_COOKIE}=${auth.cookie}`);
    return new NextRequest(`http://localhost:3000/api/v1/agreement/versions?${params}`, { headers });
  }

  it("answers a read key with the tables, refuses a rater, asks an anonymous caller to sign in, and names a bad parameter", async () => {
    const ok = await getVersions(get({ bearer: readKey }), context);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.judges[0].name).toBe(name);
    expect(body.judges[0].versions).toHaveLength(1);
    expect((await getVersions(get({ cookie: raterCookie }), context)).status).toBe(403);
    expect((await getVersions(get({}), context)).status).toBe(401);
    const bad = await getVersions(get({ bearer: readKey }, new URLSearchParams({ judge: name, from: "2026-02-30" })), context);
    expect(bad.status).toBe(400);
  });
});
