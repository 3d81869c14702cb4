import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/thresholds/weight-fit/route";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "../db";
import { useScratchDatabase } from "./thresholds-test-data";
import { WEIGHT_FIT_JOB_KIND } from "./weight-fit-job";

const context = { params: Promise.resolve({}) };
const cookies: Record<string, string> = {};
let drop: () => Promise<void>;

beforeAll(async () => {
  drop = await useScratchDatabase();
  for (const role of ["admin", "viewer", "rater"] as const) cookies[role] = (await createSession((await createTestUser(role)).id)).token;
});
afterAll(async () => {
  await drop();
});

function request(method: "GET" | "POST", cookie: string, origin = "http://localhost:3000"): NextRequest {
  const headers = new Headers({ host: "localhost:3000", cookie: `${SESSION_COOKIE}=${cookie}`, origin });
  return new NextRequest("http://localhost:3000/api/thresholds/weight-fit", { method, headers });
}

describe("/api/thresholds/weight-fit", () => {
  it("refuses raters and viewers, reading and starting alike, and starts no job for them", async () => {
    for (const role of ["rater", "viewer"]) {
      expect((await GET(request("GET", cookies[role]), context)).status).toBe(403);
      expect((await POST(request("POST", cookies[role]), context)).status).toBe(403);
    }
    expect(await getDb().job.count({ where: { kind: WEIGHT_FIT_JOB_KIND } })).toBe(0);
  });

  it("refuses a start from another site", async () => {
    const response = await POST(request("POST", cookies.admin, "https://evil.example"), context);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "cross-site request refused" });
  });

  it("shows an admin nothing yet, then one queued job however often they start it", async () => {
    const idle = await GET(request("GET", cookies.admin), context);
    const first = await POST(request("POST", cookies.admin), context);
    const second = await POST(request("POST", cookies.admin), context);
    const polled = await GET(request("GET", cookies.admin), context);

    expect(await idle.json()).toEqual({ status: "idle" });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ status: "computing", done: 0, total: 30 });
    expect(await second.json()).toEqual({ status: "computing", done: 0, total: 30 });
    expect(await polled.json()).toEqual({ status: "computing", done: 0, total: 30 });
    expect(await getDb().job.count({ where: { kind: WEIGHT_FIT_JOB_KIND } })).toBe(1);
  });
});
