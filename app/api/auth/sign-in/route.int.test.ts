import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { findSessionUser, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { createTestUser, TEST_PASSWORD } from "@/scripts/test/factories";
import { POST } from "./route";

function uniqueAddress(): string {
  return `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
}

function post(body: Record<string, string>, options: { json?: boolean; ipAddress?: string; headers?: Record<string, string> } = {}) {
  const { json = true, ipAddress = uniqueAddress() } = options;
  return POST(
    new NextRequest("http://localhost:3000/api/auth/sign-in", {
      method: "POST",
      headers: {
        host: "localhost:3000",
        "sec-fetch-site": "same-origin",
        "x-concord-client-ip": ipAddress,
        "content-type": "application/x-www-form-urlencoded",
        ...(json ? { accept: "application/json" } : {}),
        ...options.headers,
      },
      body: new URLSearchParams(body).toString(),
    }),
  );
}

function sessionToken(response: Response): string | undefined {
  return /concord_session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
}

describe("POST /api/auth/sign-in", () => {
  it("signs in, sets the session cookie and says where to go", async () => {
    const user = await createTestUser("rater");

    const response = await post({ email: user.email, password: TEST_PASSWORD });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirect: "/queue" });
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Expires=.*; HttpOnly; SameSite=lax$`));
    expect(await findSessionUser(sessionToken(response))).toMatchObject({ id: user.id });
  });

  it("answers a wrong password with 401, a missing field with 400 naming it, a cross-site post with 403", async () => {
    const user = await createTestUser("viewer");

    const wrong = await post({ email: user.email, password: "not it" });
    const missing = await post({ email: user.email });
    const crossSite = await post({ email: user.email, password: TEST_PASSWORD }, { headers: { "sec-fetch-site": "cross-site" } });

    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Email or password is incorrect." });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: "Enter your email and password.", fieldErrors: { password: "Invalid input: expected string, received undefined" } });
    expect(crossSite.status).toBe(403);
    expect(sessionToken(crossSite)).toBeUndefined();
  });

  it("answers a locked account with 429 and Retry-After", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    await getDb().signInAttempt.createMany({ data: Array.from({ length: 10 }, () => ({ email: user.email, ipAddress, isSuccess: false })) });

    const response = await post({ email: user.email, password: TEST_PASSWORD }, { ipAddress });

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(890);
    expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(await response.json()).toEqual({ error: "Too many failed sign-ins. Try again in 15 minutes." });
  });

  it.each([
    ["/%09/evil.example", "/\t/evil.example"],
    ["//evil.example", "//evil.example"],
    ["/.//evil.example", "/.//evil.example"],
    ["https://evil.example", "https://evil.example"],
    ["non-ASCII", "/é"],
  ])("sends %s home instead of following it", async (_label, next) => {
    const user = await createTestUser("viewer");

    const response = await post({ email: user.email, password: TEST_PASSWORD, next });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirect: "/sessions" });
  });

  it("follows a same-origin next, and sends a one-time password to the password page first", async () => {
    const user = await createTestUser("viewer");
    const oneTime = await createTestUser("viewer", { mustChangePassword: true });

    const toReport = await post({ email: user.email, password: TEST_PASSWORD, next: "/agreement?criterion=3" });
    const toPassword = await post({ email: oneTime.email, password: TEST_PASSWORD, next: "/agreement" });

    expect(await toReport.json()).toEqual({ redirect: "/agreement?criterion=3" });
    expect(await toPassword.json()).toEqual({ redirect: "/account/password" });
  });

  it("answers a form posted without script with redirects", async () => {
    const user = await createTestUser("viewer");

    const ok = await post({ email: user.email, password: TEST_PASSWORD, next: "/agreement" }, { json: false });
    const wrong = await post({ email: user.email, password: "nope", next: "//evil.example" }, { json: false });

    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/agreement");
    expect(sessionToken(ok)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/sign-in?error=failed");
  });
});
