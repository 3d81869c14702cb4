import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importPage } from "@/app/api/import/route";
import { POST as pushSessions } from "@/app/api/v1/sessions/route";
import { MAX_IMPORT_BYTES } from "@/lib/ingest/import-limits";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { createTestUser } from "@/scripts/test/factories";
import { ImportTooLargeError } from "./import-errors";
import { readLimitedBody } from "./read-limited-body";
import { seedExample, seedSummary, turn, uniqueId } from "./test-helpers";

vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));

const context = { params: Promise.resolve({}) };
const keys: Record<"ingest" | "read", { id: number; key: string }> = {} as never;
const cookies: Record<"admin" | "rater", { id: number; token: string }> = {} as never;

beforeAll(async () => {
  for (const scope of ["ingest", "read"] as const) keys[scope] = await createApiKey({ name: `import-test-${scope}`, scope });
  for (const role of ["admin", "rater"] as const) {
    const user = await createTestUser(role);
    cookies[role] = { id: user.id, token: (await createSession(user.id)).token };
  }
});

function ndjson(lines: object[]): string {
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

function push(body: string, options: { query?: string; type?: string; key?: string | null; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ host: "localhost:3000", "content-type": options.type ?? "application/x-ndjson", ...options.headers });
  const key = options.key === undefined ? keys.ingest.key : options.key;
  if (key) headers.set("authorization", `Bearer ${key}`);
  return pushSessions(new NextRequest(`http://localhost:3000/api/v1/sessions${options.query ?? ""}`, { method: "POST", headers, body }), context);
}

describe("POST /api/v1/sessions", () => {
  it("answers 201 with the session ids for a new NDJSON log, and records the API key", async () => {
    const id = uniqueId("api");

    const response = await push(ndjson([turn(id, "thesis", "a"), turn(id, "antithesis", "b")]));

    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ status: "created", turnCount: 2, sessions: [{ externalId: id, status: "created", turnCount: 2 }] });
    const row = await getDb().import.findUniqueOrThrow({ where: { id: body.importId } });
    expect(row).toMatchObject({ source: "api", apiKeyId: keys.ingest.id, userId: null });
  });

  it("answers 200 when the same log comes again", async () => {
    const id = uniqueId("api-again");
    const log = ndjson([turn(id, "thesis", "a")]);
    await push(log);

    const response = await push(log);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "already_imported", importId: null, sessions: [{ externalId: id, status: "unchanged" }] });
  });

  it("answers 400 with each problem's line, path and message", async () => {
    const id = uniqueId("api-bad");

    const response = await push(ndjson([turn(id, "thesis", "a"), { ...turn(id, "thesis", "b"), persona: {} }]));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid",
      message: "the input has problems; nothing was imported:\nline 2, persona.id: expected text, found nothing (the field is missing)",
      problems: [{ line: 2, path: "persona.id", message: "Invalid input: expected string, received undefined", found: "nothing (the field is missing)", expected: "text" }],
      omitted: 0,
    });
  });

  it("answers 409 to other content under a stored id, and 201 with ?replace=true", async () => {
    const id = uniqueId("api-conflict");
    const first = await (await push(ndjson([turn(id, "thesis", "old")]))).json();

    const refused = await push(ndjson([turn(id, "thesis", "new")]));
    const replaced = await push(ndjson([turn(id, "thesis", "new")]), { query: "?replace=true" });

    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "conflict", sessions: [{ id: first.sessions[0].id, externalId: id }] });
    expect(replaced.status).toBe(201);
    expect(await replaced.json()).toMatchObject({ sessions: [{ id: first.sessions[0].id, status: "replaced" }] });
  });

  it("answers 413 when Content-Length is above the limit, before reading the body", async () => {
    const response = await push("{}", { headers: { "content-length": String(MAX_IMPORT_BYTES + 1) } });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "too_large", message: "the input is larger than the limit of 50 MB", limitBytes: MAX_IMPORT_BYTES });
  });

  it("takes the seed's example as one JSON record, with the session id as a query parameter", async () => {
    const id = uniqueId("api-json");

    const response = await push(JSON.stringify(seedExample(), null, 2), { type: "application/json", query: `?session_id=${id}` });

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ sessions: [{ externalId: id, turnCount: 1 }] });
  });

  it("takes an envelope with records and a summary, and returns the summary's differences", async () => {
    const id = uniqueId("api-envelope");
    const envelope = { session_id: id, seed_prompt: "Explore growth", records: [turn(null, "thesis", "x", { evaluation_metrics: { overall_score: 0.5 } })], summary: seedSummary() };

    const response = await push(JSON.stringify(envelope), { type: "application/json" });

    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.sessions[0].summaryDifferences.map((d: { path: string }) => d.path).slice(0, 3)).toEqual(["total_turns", "avg_overall_score", "quality_rating"]);
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: id } });
    expect(session.seedPrompt).toBe("Explore growth");
  });

  it("takes generic label data as CSV or JSONL with ?generic=true: a dry run first, then 201 with the labels stored", async () => {
    const id = uniqueId("api-generic");
    const intent = uniqueId("intent");
    const csv = `item_id,dimension,judge_score,human_1,human_2,p\nq1,${intent},ask,ask,tell,0.8\nq2,${intent},tell,tell,tell,0.6\n`;
    const query = `?generic=true&confidence_field=p&human_field=human_1&human_field=human_2&criterion_type=${encodeURIComponent(`${intent}=categorical:ask,tell`)}&session_id=${id}`;

    const dry = await push(csv, { type: "text/csv", query: `${query}&dry_run=true` });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ status: "dry_run", turnCount: 2, ratingCount: 4, criteria: [{ criterion: intent, type: { type: "categorical", labels: ["ask", "tell"] } }] });
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);

    const created = await push(csv, { type: "text/csv", query });
    expect(created.status).toBe(201);
    const labels = await getDb().judgeLabel.findMany({ where: { turn: { session: { externalId: id } } }, orderBy: { turn: { ordinal: "asc" } }, select: { label: true, confidence: true } });
    expect(labels).toEqual([
      { label: "ask", confidence: 0.8 },
      { label: "tell", confidence: 0.6 },
    ]);

    const jsonl = ndjson([{ item_id: "q1", dimension: intent, judge_score: "tell", human_score: "ask" }]);
    const second = await push(jsonl, { query: `?generic=true&session_id=${uniqueId("api-generic-jsonl")}` });
    expect(second.status).toBe(201);
    expect(await push(jsonl, { type: "application/xml", query: "?generic=true" }).then((r) => r.status)).toBe(415);
  });

  it("answers 415 to a body that is neither JSON nor NDJSON", async () => {
    const response = await push("a,b\n1,2", { type: "text/csv" });

    expect(response.status).toBe(415);
  });

  it.each([
    ["no credentials", null, 401],
    ["a read key", "read", 403],
  ] as const)("refuses %s", async (_label, scope, status) => {
    const response = await push(ndjson([turn(uniqueId("api-auth"), "thesis", "a")]), { key: scope === null ? null : keys[scope].key });

    expect(response.status).toBe(status);
  });
});

function upload(file: { name: string; text: string }, options: { query?: string; role?: "admin" | "rater"; summary?: { name: string; text: string } } = {}) {
  const form = new FormData();
  form.set("file", new File([file.text], file.name));
  if (options.summary) form.set("summary", new File([options.summary.text], options.summary.name));
  const headers = new Headers({ host: "localhost:3000", origin: "http://localhost:3000", cookie: `${SESSION_COOKIE}=${cookies[options.role ?? "admin"].token}` });
  const request = new NextRequest(`http://localhost:3000/api/import${options.query ?? ""}`, { method: "POST", headers, body: form });
  return importPage(request, context);
}

describe("POST /api/import", () => {
  it("imports an uploaded log with its summary for an admin, recording who", async () => {
    const id = uniqueId("web");

    const response = await upload({ name: "run.jsonl", text: ndjson([turn(id, "thesis", "a", { evaluation_metrics: { overall_score: 0.6 } })]) }, { summary: { name: "run.summary.json", text: JSON.stringify({ total_turns: 1, avg_overall_score: 0.6 }) } });

    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.sessions).toEqual([{ id: expect.any(Number), externalId: id, status: "created", turnCount: 1, summaryDifferences: [] }]);
    expect(await getDb().import.findUniqueOrThrow({ where: { id: body.importId } })).toMatchObject({ source: "web", userId: cookies.admin.id, fileName: "run.jsonl" });
  });

  it("imports generic data with the field names given as query parameters", async () => {
    const id = uniqueId("web-generic");

    const response = await upload({ name: "pairs.csv", text: "qid,j,h1,h2\nq1,0.7,3,4\n" }, { query: `?generic=true&item_field=qid&judge_field=j&human_field=h1&human_field=h2&session_id=${id}` });

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ turnCount: 1, ratingCount: 2, sessions: [{ externalId: id }] });
  });

  it("checks generic data with dry_run (200, the criterion types, nothing stored), then names a bad criterion_type", async () => {
    const id = uniqueId("web-dry");
    const safety = uniqueId("safety");
    const text = `item_id,dimension,judge_score,human_score,p\nq1,${safety},pass,fail,0.7\n`;

    const response = await upload({ name: "labels.csv", text }, { query: `?generic=true&dry_run=true&confidence_field=p&criterion_type=${encodeURIComponent(`${safety}=binary:pass`)}&session_id=${id}` });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "dry_run",
      turnCount: 1,
      criteria: [{ criterion: safety, type: { type: "binary", labels: ["fail", "pass"], positive: "pass" }, isDeclared: true }],
    });
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);

    const bad = await upload({ name: "labels.csv", text }, { query: `?generic=true&criterion_type=${encodeURIComponent(`${safety}=likert`)}` });

    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid", problems: [{ line: null, path: "?criterion_type", message: expect.stringContaining('unknown type "likert"') }] });
  });

  it("refuses a rater", async () => {
    const response = await upload({ name: "x.jsonl", text: ndjson([turn(uniqueId("web-rater"), "thesis", "a")]) }, { role: "rater" });

    expect(response.status).toBe(403);
  });
});

describe("readLimitedBody", () => {
  it("refuses a body that sends more bytes than the limit without saying so in Content-Length", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(400));
        controller.close();
      },
    });
    const request = new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);

    await expect(readLimitedBody(request, 1000)).rejects.toThrow(ImportTooLargeError);
  });
});

describe("POST /api/v1/sessions with hostile input: 400 with the reason, never 500, nothing stored", () => {
  async function refused(response: Response) {
    expect(response.status).toBe(400);
    return ((await response.json()) as { problems: unknown[] }).problems;
  }

  async function isStored(externalId: string) {
    return (await getDb().evalSession.count({ where: { externalId } })) > 0;
  }

  it("refuses a JSON body nested 100,000 levels deep", async () => {
    const body = `{"records":[${"[".repeat(100_000)}${"]".repeat(100_000)}]}`;

    expect(await refused(await push(body, { type: "application/json" }))).toEqual([{ line: null, path: "", message: "JSON nested more than 64 levels deep" }]);
  });

  it("refuses an NDJSON line nested 100,000 levels deep, naming the line", async () => {
    const id = uniqueId("deep");
    const deep = `{"session_id":"${id}","persona":{"id":"thesis"},"response":"x","phase":{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;

    expect(await refused(await push(`${JSON.stringify(turn(id, "thesis", "a"))}\n${deep}`))).toEqual([{ line: 2, path: "", message: "JSON nested more than 64 levels deep" }]);
    expect(await isStored(id)).toBe(false);
  });

  it("refuses an impossible timestamp instead of storing 2 March", async () => {
    const id = uniqueId("feb30");

    const problems = await refused(await push(ndjson([{ ...turn(id, "thesis", "a"), timestamp: "2026-02-30T10:00:00Z" }])));

    expect(problems).toEqual([{ line: 1, path: "timestamp", message: "not a real date-time: 2026-02-30 is not a day of the calendar", found: '"2026-02-30T10:00:00Z" (text)' }]);
    expect(await isStored(id)).toBe(false);
  });

  it("refuses bytes that are not UTF-8, naming the line, instead of storing U+FFFD", async () => {
    const id = uniqueId("latin1");
    const good = new TextEncoder().encode(`${JSON.stringify(turn(id, "thesis", "a"))}\n`);
    const bad = new Uint8Array([...new TextEncoder().encode(`{"session_id":"${id}","persona":{"id":"antithesis"},"response":"caf`), 0xe9, ...new TextEncoder().encode('"}\n')]);
    const body = new Uint8Array([...good, ...bad]);

    const problems = await refused(await push(body as unknown as string));

    expect(problems).toEqual([{ line: 2, path: "", message: `not valid UTF-8: byte 0xe9 at byte ${bad.indexOf(0xe9) + 1} of the line (save the file as UTF-8)` }]);
    expect(await isStored(id)).toBe(false);
  });

  it("refuses a JSON body that is not UTF-8, naming its line", async () => {
    const body = new Uint8Array([...new TextEncoder().encode('{"records":[\n{"persona":{"id":"x"},"response":"'), 0xff, ...new TextEncoder().encode('"}]}')]);

    expect(await refused(await push(body as unknown as string, { type: "application/json" }))).toEqual([
      { line: 2, path: "", message: "not valid UTF-8: byte 0xff at byte 35 of the line (save the file as UTF-8)" },
    ]);
  });

  it("refuses duplicated session headers that disagree, naming both lines, instead of merging them", async () => {
    const id = uniqueId("twoheads");
    const lines = [
      { type: "session", session_id: id, seed_prompt: "Why?" },
      turn(id, "thesis", "a"),
      { type: "session", session_id: id, seed_prompt: "Why not?" },
      turn(id, "antithesis", "b"),
    ];

    expect(await refused(await push(ndjson(lines)))).toEqual([
      { line: 3, path: "", message: `this session header for session "${id}" disagrees with the one on line 1 (seed_prompt differs); give each session one header` },
    ]);
    expect(await isStored(id)).toBe(false);
  });
});

describe("POST /api/import (the import page) with hostile files", () => {
  function upload(file: Uint8Array, name: string, query = "") {
    const form = new FormData();
    form.set("file", new File([file as BlobPart], name));
    const headers = new Headers({ host: "localhost:3000", origin: "http://localhost:3000", cookie: `${SESSION_COOKIE}=${cookies.admin.token}` });
    return importPage(new NextRequest(`http://localhost:3000/api/import${query}`, { method: "POST", headers, body: form }), context);
  }

  it("refuses a generic CSV that is not UTF-8, naming the line", async () => {
    const csv = new Uint8Array([...new TextEncoder().encode("qid,j,h\nq1,0.7,3\nq2,0.5,"), 0xa0, ...new TextEncoder().encode("\n")]);

    const response = await upload(csv, "data.csv", `?generic=true&item_field=qid&judge_field=j&human_field=h&session_id=${uniqueId("latin1-csv")}`);

    expect(response.status).toBe(400);
    expect((await response.json()).problems).toEqual([{ line: 3, path: "", message: "not valid UTF-8: byte 0xa0 at byte 8 of the line (save the file as UTF-8)" }]);
  });

  it("refuses a JSON document nested too deep", async () => {
    const response = await upload(new TextEncoder().encode(`[${"{\"a\":".repeat(5000)}1${"}".repeat(5000)}]`), "log.json");

    expect(response.status).toBe(400);
    expect((await response.json()).problems).toEqual([{ line: null, path: "", message: "JSON nested more than 64 levels deep" }]);
  });
});
