import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getCalibration } from "@/app/api/v1/agreement/calibration/route";
import { plantTurns, uniqueName } from "@/lib/server/agreement/test-helpers";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { listDerivedJudgeJobs, runDerivedJudgeJob } from "@/lib/server/derived-judges/derived-judge-job";
import { createTestUser } from "@/scripts/test/factories";
import { createCalibratedJudgeAction } from "./actions";

// The action reads the session cookie through next/headers; here from a jar.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined), set: () => {}, delete: () => {} }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const context = { params: Promise.resolve({}) };
const cookies: Record<string, string> = {};
let sourceId: number;
let readKey: string;
let ingestKey: string;

beforeAll(async () => {
  const source = uniqueName("to-calibrate");
  for (let s = 0; s < 5; s++) {
    const planted = await plantTurns(
      [0, 1, 2].map((t) => ({ score: 0.3 + 0.2 * t + 0.01 * s, ratings: [["ann", 1 + t + (s % 2)]] as [string, number][] })),
      { judge: source },
    );
    sourceId = planted.judgeId;
  }
  readKey = (await createApiKey({ name: "calibration-read", scope: "read" })).key;
  ingestKey = (await createApiKey({ name: "calibration-ingest", scope: "ingest" })).key;
  for (const role of ["admin", "viewer", "rater"] as const) cookies[role] = (await createSession((await createTestUser(role)).id)).token;
});

function form(values: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, String(value));
  return data;
}

function get(path: string, auth: { bearer?: string; cookie?: string }): NextRequest {
  const headers = new Headers({ host: "localhost:3000" });
  if (auth.bearer) headers.set("authorization", `Bearer ${auth.bearer}`);
  if (auth.cookie) headers.set("cookie", `${SESSION_COOKIE}=${auth.cookie}`);
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

describe("creating a calibrated judge from Settings and reading its section", () => {
  it("lets an admin create one, refuses a viewer, and names a bad field", async () => {
    const name = uniqueName("calibrated");
    jar.set(SESSION_COOKIE, cookies.viewer);
    expect(await createCalibratedJudgeAction({ status: "idle" }, form({ name, source: sourceId }))).toMatchObject({ status: "error", error: "Your role may not do this." });
    expect(await getDb().judge.count({ where: { name } })).toBe(0);

    jar.set(SESSION_COOKIE, cookies.admin);
    expect(await createCalibratedJudgeAction({ status: "idle" }, form({ name: "", source: sourceId }))).toMatchObject({ status: "error", fieldErrors: { name: "Name the calibrated judge" } });
    const queued = await createCalibratedJudgeAction({ status: "idle" }, form({ name, source: sourceId }));
    expect(queued).toEqual({ status: "ok", message: `Building “${name}” in the background; it is listed below when its scores are stored.` });
    // Sent twice while its job waits: the same job.
    expect(await createCalibratedJudgeAction({ status: "idle" }, form({ name, source: sourceId }))).toEqual({ status: "ok", message: `“${name}” is already being built.` });
    expect(await getDb().judge.count({ where: { name } })).toBe(0);
    const [job] = (await listDerivedJudgeJobs("calibrated")).filter((row) => row.name === name);
    const claimed = await getDb().job.findUniqueOrThrow({ where: { id: job.id } });
    expect(await runDerivedJudgeJob(claimed, { workerId: "test", signal: new AbortController().signal, isStopping: () => false })).toBe("done");
    const [built] = (await listDerivedJudgeJobs("calibrated")).filter((row) => row.name === name);
    expect(built.built?.summary).toMatch(/^scores on 15 turns\. On the 15 rated turns it is off by \d\.\d\d levels on average \(out of fold\), the raw judge by \d\.\d\d\./);

    const path = `/api/v1/agreement/calibration?judge=${encodeURIComponent(name)}&criterion=overall`;
    const response = await getCalibration(get(path, { bearer: readKey }), context);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.calibrated).toMatchObject({ name, version: "1", nRated: 15, nSessions: 5 });
    expect(body.figures.n).toBe(15);
    expect((await getCalibration(get(path, { cookie: cookies.viewer }), context)).status).toBe(200);
    expect((await getCalibration(get(path, { cookie: cookies.rater }), context)).status).toBe(403);
    expect((await getCalibration(get(path, { bearer: ingestKey }), context)).status).toBe(403);
    expect((await getCalibration(get(path, {}), context)).status).toBe(401);
    expect((await getCalibration(get("/api/v1/agreement/calibration?judge=nobody-at-all", { bearer: readKey }), context)).status).toBe(404);
  });
});
