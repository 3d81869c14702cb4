import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD, uniqueEmail } from "@/scripts/test/factories";
import { getDb } from "../db";
import { setUserActive } from "./manage-users";
import { findSessionUser } from "./sessions";
import { SIGN_IN_FAILED, signIn, THROTTLE } from "./sign-in";

function uniqueAddress(): string {
  return `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
}

async function recordFailures(where: { email: string; ipAddress: string }, count: number, at = new Date()) {
  await getDb().signInAttempt.createMany({
    data: Array.from({ length: count }, () => ({ ...where, isSuccess: false, attemptedAt: at })),
  });
}

describe("signIn", () => {
  it("signs in with the right password and opens a session for that user", async () => {
    const user = await createTestUser("viewer");

    const result = await signIn({ email: user.email.toUpperCase(), password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user).toMatchObject({ id: user.id, email: user.email, role: "viewer" });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await findSessionUser(result.token)).toMatchObject({ id: user.id, role: "viewer" });
  });

  it("gives the same message for a wrong password and for an unknown account", async () => {
    const user = await createTestUser("rater");

    const wrongPassword = await signIn({ email: user.email, password: "not the password", ipAddress: uniqueAddress() });
    const unknownAccount = await signIn({ email: uniqueEmail("nobody"), password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(wrongPassword).toEqual({ ok: false, error: SIGN_IN_FAILED });
    expect(unknownAccount).toEqual({ ok: false, error: SIGN_IN_FAILED });
  });

  it("refuses a deactivated user with the same message", async () => {
    const user = await createTestUser("viewer");
    await createTestUser("admin"); // so the viewer is not protected as a last admin
    await setUserActive(user.id, false);

    expect(await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() })).toEqual({
      ok: false,
      error: SIGN_IN_FAILED,
    });
  });

  it("records every attempt with its address", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = uniqueAddress();

    await signIn({ email: user.email, password: "wrong", ipAddress });
    await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress });

    const attempts = await getDb().signInAttempt.findMany({ where: { email: user.email }, orderBy: { id: "asc" } });
    expect(attempts.map((attempt) => [attempt.ipAddress, attempt.isSuccess])).toEqual([
      [ipAddress, false],
      [ipAddress, true],
    ]);
  });

  it("slows attempts after a few failures on the account", async () => {
    const user = await createTestUser("viewer");
    await recordFailures({ email: user.email, ipAddress: uniqueAddress() }, THROTTLE.account.slowAfter + 1);

    const started = performance.now();
    const result = await signIn({ email: user.email, password: "still wrong", ipAddress: uniqueAddress() });

    expect(result).toEqual({ ok: false, error: SIGN_IN_FAILED });
    expect(performance.now() - started).toBeGreaterThanOrEqual(500); // 250 ms × 2^(4 − 3)
  });

  it("locks the account after repeated failures, even for the right password, without saying whether it exists", async () => {
    const user = await createTestUser("viewer");
    const ghost = uniqueEmail("ghost");
    await recordFailures({ email: user.email, ipAddress: uniqueAddress() }, THROTTLE.account.lockAfter);
    await recordFailures({ email: ghost, ipAddress: uniqueAddress() }, THROTTLE.account.lockAfter);

    const real = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });
    const unknown = await signIn({ email: ghost, password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(real).toEqual({ ok: false, error: "Too many failed sign-ins. Try again in 15 minutes.", retryAfterSeconds: expect.any(Number) });
    expect(unknown).toEqual({ ok: false, error: "Too many failed sign-ins. Try again in 15 minutes.", retryAfterSeconds: expect.any(Number) });
    expect(await getDb().authSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("unlocks the account once the failures are older than the window", async () => {
    const user = await createTestUser("viewer");
    const longAgo = new Date(Date.now() - THROTTLE.windowMs - 60_000);
    await recordFailures({ email: user.email, ipAddress: uniqueAddress() }, THROTTLE.account.lockAfter, longAgo);

    const result = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(result.ok).toBe(true);
  });

  it("locks an address that fails on many accounts", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    for (let i = 0; i < THROTTLE.address.lockAfter; i++) await recordFailures({ email: uniqueEmail("spray"), ipAddress }, 1);

    const fromThatAddress = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress });
    const fromElsewhere = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(fromThatAddress.ok).toBe(false);
    expect(fromThatAddress.ok ? "" : fromThatAddress.error).toMatch(/^Too many failed sign-ins/);
    expect(fromElsewhere.ok).toBe(true);
  });
});
