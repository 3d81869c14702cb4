import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startOpenAiStub, type OpenAiStub } from "@/scripts/test/openai-stub-server";
import { createTestUser } from "@/scripts/test/factories";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { getDb } from "../db";
import { startJobWorker, type JobWorker } from "../jobs/job-worker";
import { listJudgeEndpoints } from "./list-judge-endpoints";
import { createJudgeJobHandler } from "./run-judge-job";
import { createSessionWithTurns, FAST_POLICY, uniqueJobKind, waitForJob } from "./llm-test-helpers";

// Server actions read the session cookie through next/headers; here from a jar holding a
// real admin session.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined), set: () => {}, delete: () => {} }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { saveEndpointAction } = await import("@/app/settings/judges/actions");
const { startRunAction } = await import("@/app/settings/judges/runs/actions");
const { GET: listRoute } = await import("@/app/api/jobs/route");
const { GET: runRoute } = await import("@/app/api/jobs/[id]/route");

const API_KEY = `sk-secret-${randomBytes(12).toString("hex")}`;
const logged: string[] = [];
let stub: OpenAiStub;
let cookie = "";
let worker: JobWorker | null = null;

function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function get(path: string): NextRequest {
  return new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000", cookie: `${SESSION_COOKIE}=${cookie}` } });
}

beforeAll(async () => {
  vi.stubEnv("CONCORD_SECRET_KEY", randomBytes(32).toString("base64"));
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
    });
  }
  stub = await startOpenAiStub();
  const admin = await createTestUser("admin");
  cookie = (await createSession(admin.id)).token;
  jar.set(SESSION_COOKIE, cookie);
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
});
afterAll(async () => {
  await stub.close();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function runWithRealWorker(endpointId: number, sessionId: number) {
  const started = await startRunAction({ status: "idle" }, formData({ endpointId: String(endpointId), task: "direct", scope: "session", sessionId: String(sessionId), limit: "10" }));
  expect(started.status).toBe("ok");
  const job = await getDb().job.findFirstOrThrow({ where: { endpointId }, orderBy: { id: "desc" } });
  // Its own job kind, so that no other test file's worker runs it; the worker logs to the console.
  const kind = uniqueJobKind();
  await getDb().job.update({ where: { id: job.id }, data: { kind } });
  worker = startJobWorker({ handlers: { [kind]: createJudgeJobHandler(FAST_POLICY) }, pollIntervalMs: 20 });
  const finished = await waitForJob(job.id);
  await worker.stop();
  worker = null;
  await getDb().job.update({ where: { id: job.id }, data: { kind: "llm-judge.direct" } });
  return { started, finished };
}

describe("the endpoint's API key", () => {
  it("is used on requests but never appears in a response, a log line or the database in clear", async () => {
    const outputs: unknown[] = [];
    const name = `secret-test-${randomBytes(4).toString("hex")}`;

    const refused = await saveEndpointAction({ status: "idle" }, formData({ name, baseUrl: "not a url", model: "m", apiKey: API_KEY }));
    outputs.push(refused);
    expect(refused.status).toBe("error");
    expect(refused.status === "error" && refused.values).toMatchObject({ name, baseUrl: "not a url" });

    const saved = await saveEndpointAction({ status: "idle" }, formData({ name, baseUrl: stub.baseUrl, model: "secret-model", apiKey: API_KEY, maxConcurrency: "1" }));
    outputs.push(saved);
    expect(saved).toMatchObject({ status: "ok", message: `Added ${name} (key set).` });
    const endpoint = await getDb().judgeEndpoint.findUniqueOrThrow({ where: { name } });
    const { sessionId } = await createSessionWithTurns([{}, {}]);

    // A provider that echoes the key in its error, then one that works.
    stub.setScript(() => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } }));
    const failedRun = await runWithRealWorker(endpoint.id, sessionId);
    expect(failedRun.finished.status).toBe("failed");
    expect(failedRun.finished.lastError).toContain("Incorrect API key provided: [redacted]");
    stub.setScript(() => ({ content: JSON.stringify({ scores: [{ criterion: "overall", evidence: [], justification: "fine", score: 3 }] }) }));
    const doneRun = await runWithRealWorker(endpoint.id, sessionId);
    expect(doneRun.finished.status).toBe("done");
    outputs.push(failedRun.started, doneRun.started, await listJudgeEndpoints());

    for (const response of [await listRoute(get("/api/jobs"), { params: Promise.resolve({}) }), await runRoute(get(`/api/jobs/${failedRun.finished.id}`), { params: Promise.resolve({ id: String(failedRun.finished.id) }) })]) {
      expect(response.status).toBe(200);
      outputs.push(await response.text());
    }

    expect(stub.requests.length).toBeGreaterThan(0);
    expect(stub.requests.every((request) => request.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    expect(logged.some((line) => line.includes("[redacted]"))).toBe(true);
    expect(JSON.stringify(outputs)).toContain(String(failedRun.finished.id));
    expect(JSON.stringify(outputs)).not.toContain(API_KEY);
    expect(logged.filter((line) => line.includes(API_KEY))).toEqual([]);

    // Every row of every table, as text: the key is there only as ciphertext.
    const tables = await getDb().$queryRaw<Array<{ table_name: string }>>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    const leaks: string[] = [];
    for (const { table_name } of tables) {
      const rows = await getDb().$queryRawUnsafe<Array<{ row: string }>>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t WHERE row_to_json(t)::text LIKE $1`, `%${API_KEY.slice(10)}%`);
      leaks.push(...rows.map((row) => `${table_name}: ${row.row.slice(0, 80)}`));
    }
    expect(leaks).toEqual([]);
    expect(endpoint.apiKeyCiphertext).toMatch(/^v1\./);
  });
});
