import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { signIn } from "@/lib/server/auth/sign-in";
import { getDb } from "@/lib/server/db";
import { createTestUser, TEST_PASSWORD, uniqueEmail } from "@/scripts/test/factories";
import { createUserAction, unlockUserAction } from "./actions";

// The actions read the cookie and the Host header through next/headers; here they read
// what the test sets, with a real admin session from the database.
const request = vi.hoisted(() => ({ cookie: "", headers: {} as Record<string, string> }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (name === "concord_session" && request.cookie ? { name, value: request.cookie } : undefined) }),
  headers: async () => new Headers(request.headers),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const savedEnv = { PUBLIC_URL: process.env.PUBLIC_URL, TRUST_PROXY: process.env.TRUST_PROXY };
beforeAll(async () => {
  const admin = await createTestUser("admin");
  request.cookie = (await createSession(admin.id)).token;
  expect(SESSION_COOKIE).toBe("concord_session");
});
afterEach(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

function form(values: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, String(value));
  return data;
}

async function invite(email: string) {
  return createUserAction({ status: "idle" }, form({ email, name: "Invited", role: "rater", method: "invite" }));
}

describe("invite links", () => {
  it("are built from PUBLIC_URL, whatever Host the request names", async () => {
    process.env.PUBLIC_URL = "https://concord.example.org";
    request.headers = { host: "evil.example", "x-concord-proto": "http" };

    const result = await invite(uniqueEmail("invited"));

    expect(result.status).toBe("ok");
    expect(result.status === "ok" && result.data?.inviteUrl).toMatch(/^https:\/\/concord\.example\.org\/invite\/[A-Za-z0-9_-]{43}$/);
  });

  it("fall back to the Host header only when PUBLIC_URL is unset and TRUST_PROXY is off", async () => {
    delete process.env.PUBLIC_URL;
    delete process.env.TRUST_PROXY;
    request.headers = { host: "concord.lan:3000", "x-concord-proto": "http" };

    const result = await invite(uniqueEmail("invited"));

    expect(result.status === "ok" && result.data?.inviteUrl).toMatch(/^http:\/\/concord\.lan:3000\/invite\/[A-Za-z0-9_-]{43}$/);
  });

  it("are refused behind a proxy without PUBLIC_URL, and no user is created", async () => {
    delete process.env.PUBLIC_URL;
    process.env.TRUST_PROXY = "1";
    request.headers = { host: "evil.example", "x-concord-proto": "https" };
    const email = uniqueEmail("invited");

    const result = await invite(email);

    expect(result).toMatchObject({
      status: "error",
      error: "Set PUBLIC_URL (e.g. https://concord.example.org): behind a proxy (TRUST_PROXY=1) links are not built from the Host header",
    });
    expect(await getDb().user.count({ where: { email } })).toBe(0);
  });
});

describe("unlockUserAction", () => {
  it("lets a locked-out user sign in again from the address that was locked", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    await getDb().signInAttempt.createMany({ data: Array.from({ length: 10 }, () => ({ email: user.email, ipAddress, isSuccess: false })) });
    expect(await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress })).toMatchObject({ ok: false, reason: "locked" });

    const result = await unlockUserAction({ status: "idle" }, form({ userId: user.id }));

    expect(result).toEqual({ status: "ok", message: "Sign-in unlocked (10 failed attempts cleared)." });
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress })).ok).toBe(true);
  });

  it("says so for an unknown user", async () => {
    expect(await unlockUserAction({ status: "idle" }, form({ userId: 2_000_000_000 }))).toMatchObject({ status: "error", error: "No such user." });
  });
});
