import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as startPull } from "@/app/api/import/pulls/route";
import { fixtureBytes } from "@/lib/ingest/sources/test-helpers";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { claimJob } from "@/lib/server/jobs/claim-job";
import { createTestUser } from "@/scripts/test/factories";
import { uniqueId } from "../import/test-helpers";
import { findPullJob, PULL_JOB_KIND, runPullJob } from "./pull-job";

vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));

const context = { params: Promise.resolve({}) };
const tokens: Record<"admin" | "rater", string> = {} as never;
let server: Server;
let base = "";

beforeAll(async () => {
  for (const role of ["admin", "rater"] as const) tokens[role] = (await createSession((await createTestUser(role)).id)).token;
  server = createServer((request, response) => {
    const page = new URL(request.url ?? "/", "http://stub").searchParams.get("page");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(Buffer.from(fixtureBytes(`langfuse-page-${page}.json`)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(body: unknown, role: "admin" | "rater" = "admin") {
  const headers = new Headers({ host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json", cookie: `${SESSION_COOKIE}=${tokens[role]}` });
  return startPull(new NextRequest("http://localhost:3000/api/import/pulls", { method: "POST", headers, body: JSON.stringify(body) }), context);
}

describe("a pull from the import page", () => {
  it("runs as a job with its secret encrypted in the payload, imports, then forgets the secret", async () => {
    vi.stubEnv("CONCORD_SECRET_KEY", randomBytes(32).toString("base64"));
    const judgeName = uniqueId("page-pull");
    const response = await post({ source: "langfuse", url: `${base}/`, publicKey: uniqueId("pk"), secretKey: "sk-lf-visible-nowhere", since: "", judgeName });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: number };
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: jobId } });
    expect(JSON.stringify(stored.payload)).not.toContain("sk-lf-visible-nowhere");
    expect(stored.payload).toMatchObject({ source: "langfuse", url: base, credentials: expect.stringMatching(/^v1\./) });

    const claimed = await claimJob({ workerId: "test-worker", kinds: [PULL_JOB_KIND], leaseMs: 60_000 });
    expect(claimed?.id).toBe(jobId);
    expect(await runPullJob(claimed!, { workerId: "test-worker", signal: new AbortController().signal, isStopping: () => false })).toBe("done");

    const state = await findPullJob(jobId);
    expect(state).toMatchObject({ pages: 3, totalPages: 3, records: 11, sessionIds: [expect.any(Number)], sessionKeys: [expect.stringMatching(/^sha256:[0-9a-f]+$/)] });
    expect((await getDb().job.findUniqueOrThrow({ where: { id: jobId } })).payload).toMatchObject({ credentials: null });
    const turns = await getDb().turn.count({ where: { sessionId: state!.sessionIds[0] } });
    expect(turns).toBe(5);
    vi.unstubAllEnvs();
  });

  it("refuses to keep credentials without CONCORD_SECRET_KEY, and names a bad field", async () => {
    vi.stubEnv("CONCORD_SECRET_KEY", "");
    const noKey = await post({ source: "label-studio", url: base, token: "t", project: "3" });
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { error: string }).error).toMatch(/^Concord cannot keep the tool's credentials for a pull from this page: CONCORD_SECRET_KEY is not set/);
    const bad = await post({ source: "label-studio", url: "ftp://x", token: "t", project: "seven" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ url: "an http(s) address", project: "the project's number" });
    vi.unstubAllEnvs();
  });

  it("refuses a rater", async () => {
    expect((await post({ source: "label-studio", url: base, token: "t", project: "3" }, "rater")).status).toBe(403);
  });
});
