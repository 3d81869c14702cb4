import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getAgreement } from "@/app/api/v1/agreement/route";
import { GET as getExport } from "@/app/api/agreement/export/route";
import { createTestUser } from "@/scripts/test/factories";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { getAgreementReport } from "./get-agreement-report";
import { plantTurns, type Planted } from "./test-helpers";

// The server action reads the session cookie through next/headers; here from a jar.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined), set: () => {}, delete: () => {} }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));

const context = { params: Promise.resolve({}) };
let planted: Planted;
let readKey: string;
let ingestKey: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  planted = await plantTurns(Array.from({ length: 12 }, (_, i) => ({ score: (i % 10) / 10, ratings: [["r1", (i % 4) + 1], ["r2", ((i + 1) % 4) + 1]] as [string, number][] })));
  readKey = (await createApiKey({ name: "agreement-read", scope: "read" })).key;
  ingestKey = (await createApiKey({ name: "agreement-ingest", scope: "ingest" })).key;
  for (const role of ["admin", "viewer", "rater"] as const) cookies[role] = (await createSession((await createTestUser(role)).id)).token;
});

function get(path: string, auth: { bearer?: string; cookie?: string }): NextRequest {
  const headers = new Headers({ host: "localhost:3000" });
  if (auth.bearer) headers.set("authorization", `Bearer ${auth.bearer}`);
  if (auth.cookie) headers.set("cookie", `${SESSION_COOKIE}=${auth.cookie}`);
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

describe("GET /api/v1/agreement", () => {
  it("gives a read API key the same figures as the page", async () => {
    const response = await getAgreement(get(`/api/v1/agreement?judge=${encodeURIComponent(planted.judge)}`, { bearer: readKey }), context);
    expect(response.status).toBe(200);
    const body = await response.json();
    const page = await getAgreementReport({ judge: planted.judge });
    expect(body.headline).toEqual(JSON.parse(JSON.stringify(page.headline)));
    expect(body.headline.n).toBe(12);
  });

  it("admits viewers, refuses raters and ingest keys, and names a bad scope", async () => {
    const path = `/api/v1/agreement?judge=${encodeURIComponent(planted.judge)}`;
    expect((await getAgreement(get(path, { cookie: cookies.viewer }), context)).status).toBe(200);
    expect((await getAgreement(get(path, { cookie: cookies.rater }), context)).status).toBe(403);
    expect((await getAgreement(get(path, { bearer: ingestKey }), context)).status).toBe(403);
    const bad = await getAgreement(get(`${path}&from=2026-02-30x`, { bearer: readKey }), context);
    expect(bad.status).toBe(400);
    const impossible = await getAgreement(get(`${path}&from=2026-02-30`, { bearer: readKey }), context);
    expect(impossible.status).toBe(400);
    expect(await impossible.json()).toEqual({ error: "invalid request", problems: [{ path: "from", message: "Not a calendar date" }] });
    const unknown = await getAgreement(get(`/api/v1/agreement?judge=no-such-judge-${planted.judge}`, { bearer: readKey }), context);
    expect(unknown.status).toBe(404);
  });
});

describe("GET /api/agreement/export", () => {
  it("downloads the pairs as CSV and the figures as JSON", async () => {
    const csv = await getExport(get(`/api/agreement/export?what=pairs&format=csv&judge=${encodeURIComponent(planted.judge)}`, { cookie: cookies.viewer }), context);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain(`agreement-pairs-${planted.judge}-1.csv`);
    const lines = (await csv.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(13);
    expect(lines[0].startsWith("turn_id,session_id,persona,criterion,human_level,n_ratings")).toBe(true);

    const json = await getExport(get(`/api/agreement/export?what=figures&format=json&judge=${encodeURIComponent(planted.judge)}`, { bearer: readKey }), context);
    expect((await json.json()).headline.n).toBe(12);
    const wrong = await getExport(get(`/api/agreement/export?what=everything&format=csv`, { bearer: readKey }), context);
    expect(wrong.status).toBe(400);
  });
});

describe("adjudicateAction", () => {
  it("lets an admin record a level and refuses a viewer", async () => {
    const { adjudicateAction } = await import("@/app/agreement/actions");
    const form = (level: string) => {
      const data = new FormData();
      data.set("turnId", String(planted.turnIds[0]));
      data.set("criterion", "overall");
      data.set("level", level);
      return data;
    };
    jar.set(SESSION_COOKIE, cookies.viewer);
    expect(await adjudicateAction({ status: "idle" }, form("2"))).toMatchObject({ status: "error", error: "Your role may not do this." });
    jar.set(SESSION_COOKIE, cookies.admin);
    expect(await adjudicateAction({ status: "idle" }, form("5"))).toMatchObject({ status: "error", fieldErrors: { level: "The overall criterion has four levels" } });
    expect(await adjudicateAction({ status: "idle" }, form("3"))).toMatchObject({ status: "ok" });
    const stored = await getDb().adjudication.findUnique({ where: { turnId_criterion: { turnId: planted.turnIds[0], criterion: "overall" } } });
    expect(stored?.level).toBe(3);
  });
});
