import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getAgreementExport } from "@/app/api/v1/exports/agreement/route";
import { GET as getLabelsExport } from "@/app/api/v1/exports/labels/route";
import { GET as getAgreement } from "@/app/api/v1/agreement/route";
import { GET as getVerdict } from "@/app/api/v1/agreement/verdict/route";
import { stableScoreId } from "@/lib/exports/human-labels";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { createTestUser } from "@/scripts/test/factories";
import { plantTurns, uniqueName, type Planted } from "../agreement/test-helpers";

vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }), headers: async () => new Headers({ host: "localhost:3000" }) }));

const context = { params: Promise.resolve({}) };
const persona = uniqueName("export-persona");
let planted: Planted;
let readKey: string;
let ingestKey: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  planted = await plantTurns(
    [
      { persona, score: 0.7, ratings: [["ann", 3], ["bob", 2]] },
      { persona, score: 0.2, ratings: [["ann", 1]] },
    ],
    { judge: uniqueName("export-judge") },
  );
  const admin = await createTestUser("admin");
  await getDb().adjudication.create({ data: { turnId: planted.turnIds[0], criterion: "overall", level: 3, note: "ann is right", adjudicatorId: admin.id } });
  readKey = (await createApiKey({ name: "export-read", scope: "read" })).key;
  ingestKey = (await createApiKey({ name: "export-ingest", scope: "ingest" })).key;
  cookies.admin = (await createSession(admin.id)).token;
  cookies.viewer = (await createSession((await createTestUser("viewer")).id)).token;
});

function get(path: string, auth: { bearer?: string; cookie?: string }): NextRequest {
  const headers = new Headers({ host: "localhost:3000" });
  if (auth.bearer) headers.set("authorization", `Bearer ${auth.bearer}`);
  if (auth.cookie) headers.set("cookie", `${SESSION_COOKIE}=${auth.cookie}`);
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

describe("GET /api/v1/exports/labels", () => {
  it("gives every human rating and the adjudication of the filter as Langfuse score-create events", async () => {
    const response = await getLabelsExport(get(`/api/v1/exports/labels?format=langfuse&persona=${persona}`, { bearer: readKey }), context);
    expect(response.status).toBe(200);
    const { batch } = await response.json();
    const session = (await getDb().evalSession.findUniqueOrThrow({ where: { id: planted.sessionId } })).externalId;
    expect(batch.map((event: { type: string; body: { traceId: string; name: string; value: number; dataType: string; source: string; metadata: { concord_rater: string } } }) => [event.type, event.body.traceId, event.body.name, event.body.value, event.body.dataType, event.body.source, event.body.metadata.concord_rater])).toEqual([
      ["score-create", `${session}#0`, "overall", 3, "NUMERIC", "ANNOTATION", "ann"],
      ["score-create", `${session}#0`, "overall", 2, "NUMERIC", "ANNOTATION", "bob"],
      ["score-create", `${session}#0`, "overall", 3, "NUMERIC", "ANNOTATION", "adjudication"],
      ["score-create", `${session}#1`, "overall", 1, "NUMERIC", "ANNOTATION", "ann"],
    ]);
    expect(batch[2].body.comment).toBe("ann is right");
    expect(batch[0].body.id).toBe(stableScoreId({ turnId: planted.turnIds[0], criterion: "overall", rater: "ann", isAdjudication: false } as Parameters<typeof stableScoreId>[0]));
  });

  it("gives the same labels as Label Studio tasks, the adjudication as ground truth", async () => {
    const response = await getLabelsExport(get(`/api/v1/exports/labels?format=label-studio&persona=${persona}`, { cookie: cookies.admin }), context);
    expect(response.status).toBe(200);
    const tasks = await response.json();
    expect(tasks.map((task: { data: { text: string }; annotations: { ground_truth: boolean; meta: { rater: string }; result: { value: { rating: number } }[] }[] }) => [task.data.text, task.annotations.map((a) => [a.meta.rater, a.ground_truth, a.result[0].value.rating])])).toEqual([
      ["Response 0", [["ann", false, 3], ["bob", false, 2], ["adjudication", true, 3]]],
      ["Response 1", [["ann", false, 1]]],
    ]);
  });

  it("keeps a day range in UTC days on the turn's time, as the report's scope does", async () => {
    // plantTurns' session started 2026-03-02T10:00Z and its turns carry no time of their own.
    const count = async (query: string) => (await (await getLabelsExport(get(`/api/v1/exports/labels?format=langfuse&persona=${persona}&${query}`, { bearer: readKey }), context)).json()).batch.length;
    expect(await count("from=2026-03-02&to=2026-03-02")).toBe(4);
    expect(await count("from=2026-03-03")).toBe(0);
    expect(await count("to=2026-03-01")).toBe(0);
  });

  it("refuses viewers and ingest keys, and names a bad format", async () => {
    expect((await getLabelsExport(get("/api/v1/exports/labels?format=langfuse", { cookie: cookies.viewer }), context)).status).toBe(403);
    expect((await getLabelsExport(get("/api/v1/exports/labels?format=langfuse", { bearer: ingestKey }), context)).status).toBe(403);
    const bad = await getLabelsExport(get("/api/v1/exports/labels?format=xml", { bearer: readKey }), context);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "invalid request", problems: [{ path: "format", message: "format must be langfuse or label-studio" }] });
    const impossible = await getLabelsExport(get("/api/v1/exports/labels?format=langfuse&from=2026-02-30", { bearer: readKey }), context);
    expect(impossible.status).toBe(400);
    expect(await impossible.json()).toEqual({ error: "invalid request", problems: [{ path: "from", message: "Not a calendar date" }] });
  });
});

describe("GET /api/v1/exports/agreement", () => {
  it("lists each version of the judge with the same figures as the agreement API", async () => {
    await getDb().$executeRawUnsafe(`INSERT INTO judges (name, version, kind, created_at) VALUES ($1, '2', 'imported', now() + interval '1 second')`, planted.judge);
    const response = await getAgreementExport(get(`/api/v1/exports/agreement?judge=${planted.judge}`, { bearer: readKey }), context);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.versions.map((version: { version: string }) => version.version)).toEqual(["1", "2"]);
    const api = await (await getAgreement(get(`/api/v1/agreement?judge=${planted.judge}&judgeVersion=1`, { bearer: readKey }), context)).json();
    expect(body.versions[0].agreement.headline).toEqual(api.headline);
    expect(body.versions[0].agreement.headline.n).toBe(2);
    const verdict = await (await getVerdict(get(`/api/v1/agreement/verdict?judge=${planted.judge}&judgeVersion=1`, { bearer: readKey }), context)).json();
    expect(body.versions[0].verdicts.verdicts).toEqual(verdict.verdicts);
    expect(body.versions[0].verdicts.verdicts.length).toBeGreaterThan(0);
    expect(body.versions[1].agreement.headline.n).toBe(0);
  });

  it("answers 404 for an unknown judge and 400 without one", async () => {
    expect((await getAgreementExport(get(`/api/v1/exports/agreement?judge=${uniqueName("nobody")}`, { bearer: readKey }), context)).status).toBe(404);
    expect((await getAgreementExport(get("/api/v1/exports/agreement", { bearer: readKey }), context)).status).toBe(400);
  });
});
