import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD, uniqueEmail } from "@/scripts/test/factories";
import { getDb } from "../db";
import { setUserActive } from "./manage-users";
import { findSessionUser } from "./sessions";
import { SIGN_IN_FAILED, signIn, THROTTLE } from "./sign-in";
import { findLockedEmails, unlockSignIns } from "./unlock-sign-ins";

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

    expect(wrongPassword).toEqual({ ok: false, reason: "failed", error: SIGN_IN_FAILED });
    expect(unknownAccount).toEqual({ ok: false, reason: "failed", error: SIGN_IN_FAILED });
  });

  it("refuses a deactivated user with the same message", async () => {
    const user = await createTestUser("viewer");
    await createTestUser("admin"); // so the viewer is not protected as a last admin
    await setUserActive(user.id, false);

    expect(await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() })).toEqual({
      ok: false,
      reason: "failed",
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

  it("slows attempts after a few failures from the same address on the account", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    await recordFailures({ email: user.email, ipAddress }, THROTTLE.pair.slowAfter + 1);

    const started = performance.now();
    const result = await signIn({ email: user.email, password: "still wrong", ipAddress });

    expect(result).toEqual({ ok: false, reason: "failed", error: SIGN_IN_FAILED });
    expect(performance.now() - started).toBeGreaterThanOrEqual(500); // 250 ms × 2^(4 − 3)
  });

  it("locks the account from that address after 10 failures, even for the right password, without saying whether it exists", async () => {
    const user = await createTestUser("viewer");
    const ghost = uniqueEmail("ghost");
    const ipAddress = uniqueAddress();
    await recordFailures({ email: user.email, ipAddress }, 10);
    await recordFailures({ email: ghost, ipAddress }, 10);

    const real = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress });
    const unknown = await signIn({ email: ghost, password: TEST_PASSWORD, ipAddress });

    const locked = { ok: false, reason: "locked", error: "Too many failed sign-ins. Try again in 15 minutes.", retryAfterSeconds: expect.any(Number) };
    expect(real).toEqual(locked);
    expect(unknown).toEqual(locked);
    expect(await getDb().authSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("counts parallel attempts atomically: 50 wrong passwords at once, then the right one, leave the account locked with exactly 10 counted", async () => {
    const user = await createTestUser("rater");
    const ipAddress = uniqueAddress();

    const wrong = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn({ email: user.email, password: `wrong guess ${i}`, ipAddress })),
    );
    const right = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress });

    expect(wrong.filter((result) => !result.ok && result.reason === "failed")).toHaveLength(10);
    expect(wrong.filter((result) => !result.ok && result.reason === "locked")).toHaveLength(40);
    expect(right).toMatchObject({ ok: false, reason: "locked" });
    expect(await getDb().signInAttempt.count({ where: { email: user.email, isSuccess: false } })).toBe(10);
    expect(await getDb().signInAttempt.count({ where: { email: user.email, isSuccess: true } })).toBe(0);
    expect(await getDb().authSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("locks only the (email, address) pair first: the real user still signs in from elsewhere", async () => {
    const user = await createTestUser("viewer");
    const attacker = uniqueAddress();
    await recordFailures({ email: user.email, ipAddress: attacker }, 10);

    const fromAttacker = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: attacker });
    const fromHome = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(fromAttacker).toMatchObject({ ok: false, reason: "locked" });
    expect(fromHome.ok).toBe(true);
  });

  it("locks the email from every address at 100 failures in the window, not before", async () => {
    const user = await createTestUser("viewer");
    for (let i = 0; i < 11; i++) await recordFailures({ email: user.email, ipAddress: uniqueAddress() }, 9);

    const at99 = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });
    await recordFailures({ email: user.email, ipAddress: uniqueAddress() }, 1);
    const at100 = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(at99.ok).toBe(true);
    expect(at100).toMatchObject({ ok: false, reason: "locked" });
  });

  it("unlocks the account once the failures are older than the window", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    const longAgo = new Date(Date.now() - THROTTLE.windowMs - 60_000);
    await recordFailures({ email: user.email, ipAddress }, 10, longAgo);

    const result = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress });

    expect(result.ok).toBe(true);
  });

  it("an admin's unlock clears the email's failures from every address, and only that email's", async () => {
    const user = await createTestUser("viewer");
    const other = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    await recordFailures({ email: user.email, ipAddress }, 10);
    await recordFailures({ email: other.email, ipAddress: uniqueAddress() }, 10);
    expect(await findLockedEmails([user.email, other.email])).toEqual(new Set([user.email, other.email]));

    const cleared = await unlockSignIns(user.email.toUpperCase());

    expect(cleared).toBe(10);
    expect(await findLockedEmails([user.email, other.email])).toEqual(new Set([other.email]));
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress })).ok).toBe(true);
  });

  it("locks an address that fails on many accounts", async () => {
    const user = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    for (let i = 0; i < THROTTLE.address.lockAfter; i++) await recordFailures({ email: uniqueEmail("spray"), ipAddress }, 1);

    const fromThatAddress = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress });
    const fromElsewhere = await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress: uniqueAddress() });

    expect(fromThatAddress).toMatchObject({ ok: false, reason: "locked" });
    expect(fromElsewhere.ok).toBe(true);
  });

  it("does not reset an address's count when another account signs in from it", async () => {
    const valid = await createTestUser("viewer");
    const victim = await createTestUser("viewer");
    const ipAddress = uniqueAddress();
    for (let i = 0; i < 49; i++) await recordFailures({ email: uniqueEmail("spray"), ipAddress }, 1);

    const own = await signIn({ email: valid.email, password: TEST_PASSWORD, ipAddress });
    const fiftieth = await signIn({ email: uniqueEmail("spray"), password: "guess", ipAddress });
    const afterwards = await signIn({ email: victim.email, password: TEST_PASSWORD, ipAddress });

    expect(own.ok).toBe(true);
    expect(fiftieth).toMatchObject({ ok: false, reason: "failed" });
    expect(afterwards).toMatchObject({ ok: false, reason: "locked" });
  });
});
