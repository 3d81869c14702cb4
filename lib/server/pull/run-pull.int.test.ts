// Live pulls against a stub HTTP server replaying the tools' documented answers (pages of
// lib/ingest/sources/fixtures): paging, a 429 with Retry-After, a 500 mid-run and a refused key.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureBytes } from "@/lib/ingest/sources/test-helpers";
import { getDb } from "@/lib/server/db";
import { rejectionOf, uniqueId } from "@/lib/server/import/test-helpers";
import { PullError } from "./fetch-page";
import { labelStudioSpec, langfuseSpec } from "./pull-sources";
import { runPull, type PullProgress } from "./run-pull";

type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => void;
let handler: Handler = (_q, _u, response) => response.end();
const requests: { path: string; authorization: string | undefined }[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stub");
    requests.push({ path: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
    handler(request, url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function page(response: ServerResponse, name: string): void {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(Buffer.from(fixtureBytes(name)));
}

function langfusePage(url: URL, response: ServerResponse): void {
  page(response, `langfuse-page-${url.searchParams.get("page")}.json`);
}

async function counts() {
  const db = getDb();
  return { sessions: await db.evalSession.count(), turns: await db.turn.count(), ratings: await db.rating.count() };
}

function run(spec: Parameters<typeof runPull>[0], judgeName: string) {
  const progress: PullProgress[] = [];
  const waits: number[] = [];
  const promise = runPull(spec, {
    actor: { source: "cli" },
    judgeName,
    onProgress: (p) => progress.push(p),
    fetch: { baseDelayMs: 5, sleep: async (ms) => void waits.push(ms) },
  });
  return { promise, progress, waits };
}

describe("runPull", () => {
  it("pages through Langfuse's scores with Basic auth, honours a 429's Retry-After, and imports them all", async () => {
    const publicKey = uniqueId("pk");
    let limited = false;
    handler = (_request, url, response) => {
      if (url.searchParams.get("page") === "2" && !limited) {
        limited = true;
        response.writeHead(429, { "retry-after": "7" });
        return response.end('{"message":"rate limit exceeded"}');
      }
      langfusePage(url, response);
    };
    requests.length = 0;
    const spec = langfuseSpec({ url: base, publicKey, secretKey: "sk-lf-secret", since: "2026-11-01T00:00:00.000Z", pageSize: 4 });
    const { promise, progress, waits } = run(spec, uniqueId("pull-lf"));
    const result = await promise;

    expect(result).toMatchObject({ status: "created", turnCount: 5, ratingCount: 6, preview: { itemCount: 4, pairCount: 4 } });
    expect(requests.map((r) => r.path)).toEqual([1, 2, 2, 3].map((p) => `/api/public/v2/scores?page=${p}&limit=4&fromTimestamp=2026-11-01T00%3A00%3A00.000Z`));
    expect(new Set(requests.map((r) => r.authorization))).toEqual(new Set([`Basic ${Buffer.from(`${publicKey}:sk-lf-secret`).toString("base64")}`]));
    expect(waits).toEqual([7000]);
    expect(progress).toEqual([
      { kind: "page", page: 1, totalPages: 3, records: 4 },
      { kind: "wait", reason: "Langfuse asked to slow down (429)", ms: 7000 },
      { kind: "page", page: 2, totalPages: 3, records: 8 },
      { kind: "page", page: 3, totalPages: 3, records: 11 },
      { kind: "import", records: 11 },
    ]);
    const pull = await getDb().sourcePull.findFirstOrThrow({ where: { pullKey: spec.pullKey } });
    expect(pull).toMatchObject({ status: "done", pageCount: 3, recordCount: 11, importId: result.importId });
    expect(await getDb().sourcePullPage.count({ where: { pullId: pull.id } })).toBe(0);
  });

  it("leaves nothing imported when a page keeps failing with 500, then resumes from that page", async () => {
    const publicKey = uniqueId("pk");
    const judgeName = uniqueId("pull-500");
    const spec = langfuseSpec({ url: base, publicKey, secretKey: "s", since: null, pageSize: 4 });
    handler = (_request, url, response) => {
      if (url.searchParams.get("page") === "2") {
        response.writeHead(500, { "content-type": "application/json" });
        return response.end('{"message":"Internal Server Error"}');
      }
      langfusePage(url, response);
    };
    requests.length = 0;
    const before = await counts();
    const failed = run(spec, judgeName);
    const error = await rejectionOf(failed.promise, PullError);

    expect(error.message).toBe('Langfuse failed (HTTP 500) at /api/public/v2/scores?page=2&limit=4, 3 tries: {"message":"Internal Server Error"}');
    expect(failed.waits).toEqual([5, 10]);
    expect(requests.map((r) => r.path.slice(0, 30))).toEqual(["/api/public/v2/scores?page=1&l", ...Array(3).fill("/api/public/v2/scores?page=2&l")]);
    expect(await counts()).toEqual(before);
    const stopped = await getDb().sourcePull.findFirstOrThrow({ where: { pullKey: spec.pullKey } });
    expect(stopped).toMatchObject({ status: "running", cursor: "2", pageCount: 1, recordCount: 4, error: error.message });

    handler = (_request, url, response) => langfusePage(url, response);
    requests.length = 0;
    const resumed = run(spec, judgeName);
    const result = await resumed.promise;
    expect(requests.map((r) => new URL(r.path, base).searchParams.get("page"))).toEqual(["2", "3"]);
    expect(resumed.progress[0]).toEqual({ kind: "resume", page: 1, records: 4 });
    expect(result).toMatchObject({ status: "created", turnCount: 5, ratingCount: 6 });
  });

  it("stops at once with a clear error when the keys are refused, storing nothing and naming no secret", async () => {
    handler = (_request, _url, response) => {
      response.writeHead(401, { "content-type": "application/json" });
      response.end('{"message":"Invalid credentials"}');
    };
    requests.length = 0;
    const before = await counts();
    const { promise } = run(langfuseSpec({ url: base, publicKey: uniqueId("pk"), secretKey: "sk-lf-wrong", since: null }), uniqueId("pull-401"));
    const error = await rejectionOf(promise, PullError);
    expect(error.message).toBe("Langfuse refused the credentials (HTTP 401): check --public-key and --secret-key (Settings → API keys of the project)");
    expect(error.isAuth).toBe(true);
    expect(requests).toHaveLength(1);
    expect(await counts()).toEqual(before);
  });

  it("pages through a Label Studio project's tasks with its token and imports annotations and predictions", async () => {
    handler = (_request, url, response) => page(response, `label-studio-page-${url.searchParams.get("page")}.json`);
    requests.length = 0;
    const project = String(Math.floor(Math.random() * 1e9));
    const { promise, progress } = run(labelStudioSpec({ url: base, token: "ls-token", project, pageSize: 2 }), uniqueId("pull-ls"));
    const result = await promise;

    expect(result).toMatchObject({ status: "created", turnCount: 5, ratingCount: 6, preview: { source: "label-studio" } });
    expect(requests.map((r) => r.path)).toEqual([1, 2].map((p) => `/api/tasks?project=${project}&page=${p}&page_size=2&fields=all`));
    expect(requests.every((r) => r.authorization === "Token ls-token")).toBe(true);
    expect(progress.filter((p) => p.kind === "page")).toEqual([
      { kind: "page", page: 1, totalPages: 2, records: 2 },
      { kind: "page", page: 2, totalPages: 2, records: 3 },
    ]);
  });

  it("resumes after the process stopped between pages, fetching only what is missing", async () => {
    const spec = langfuseSpec({ url: base, publicKey: uniqueId("pk"), secretKey: "s", since: null, pageSize: 4 });
    const judgeName = uniqueId("pull-killed");
    handler = (_request, url, response) => langfusePage(url, response);
    requests.length = 0;
    const before = await counts();
    // The second page is stored, then the run dies (as a killed process would, before page 3).
    const killed = runPull(spec, {
      actor: { source: "cli" },
      judgeName,
      onProgress: (p) => {
        if (p.kind === "page" && p.page === 2) throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    expect(await counts()).toEqual(before);
    expect(await getDb().sourcePull.findFirstOrThrow({ where: { pullKey: spec.pullKey } })).toMatchObject({ status: "running", cursor: "3", pageCount: 2, recordCount: 8 });

    requests.length = 0;
    const result = await runPull(spec, { actor: { source: "cli" }, judgeName });
    expect(requests.map((r) => new URL(r.path, base).searchParams.get("page"))).toEqual(["3"]);
    expect(result).toMatchObject({ status: "created", turnCount: 5, ratingCount: 6 });
  });
});
