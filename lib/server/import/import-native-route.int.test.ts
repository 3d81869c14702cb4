import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importNativeRoute } from "@/app/api/import/native/route";
import { fixtureBytes } from "@/lib/ingest/sources/test-helpers";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { getDb } from "@/lib/server/db";
import { createTestUser } from "@/scripts/test/factories";
import { uniqueId } from "./test-helpers";

vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));

const context = { params: Promise.resolve({}) };
const tokens: Record<"admin" | "rater", string> = {} as never;

beforeAll(async () => {
  for (const role of ["admin", "rater"] as const) tokens[role] = (await createSession((await createTestUser(role)).id)).token;
});

function upload(bytes: Uint8Array, name: string, query: string, role: "admin" | "rater" = "admin") {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name));
  const headers = new Headers({ host: "localhost:3000", origin: "http://localhost:3000", cookie: `${SESSION_COOKIE}=${tokens[role]}` });
  return importNativeRoute(new NextRequest(`http://localhost:3000/api/import/native${query}`, { method: "POST", headers, body: form }), context);
}

describe("POST /api/import/native", () => {
  it("previews an Inspect .eval archive on dry_run, storing nothing, then imports it for an admin", async () => {
    const judge = uniqueId("route-inspect");
    const before = await getDb().turn.count();
    const preview = await upload(fixtureBytes("inspect-log.eval"), "inspect-log.eval", `?from=auto&dry_run=true&judge_name=${judge}`);
    expect(preview.status).toBe(200);
    const body = await preview.json();
    expect(body).toMatchObject({ status: "dry_run", turnCount: 8, ratingCount: 3, preview: { source: "inspect", itemCount: 4, pairCount: 2, judgeName: `imported:${judge}` } });
    expect(await getDb().turn.count()).toBe(before);

    const stored = await upload(fixtureBytes("inspect-log.eval"), "inspect-log.eval", `?from=inspect&judge_name=${judge}`);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ status: "created", turnCount: 8, ratingCount: 3 });
    expect(await getDb().turn.count()).toBe(before + 8);
  });

  it("answers 400 naming the record and field of a malformed export", async () => {
    const bad = new TextEncoder().encode(JSON.stringify([{ id: 7, data: {}, annotations: [{ result: [] }] }]));
    const response = await upload(bad, "tasks.json", "?from=label-studio");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "invalid",
      problems: [{ line: null, path: "record 1: annotations[0].completed_by", message: "an annotation names its rater in completed_by, got null" }],
    });
  });

  it("refuses a rater", async () => {
    const response = await upload(fixtureBytes("langfuse-scores.json"), "langfuse-scores.json", "?from=langfuse", "rater");
    expect(response.status).toBe(403);
  });
});
