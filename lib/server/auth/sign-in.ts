import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { getDb } from "../db";
import { isRateLimited } from "../errors";
import { getDecoyHash, verifyPassword } from "./password";
import { createSession, type SessionUser } from "./sessions";
import { markAttemptSucceeded, reserveAttempt, withdrawAttempt } from "./sign-in-throttle";

export { THROTTLE } from "./sign-in-throttle";

/**
 * Sign-in: the attempt is counted first (lib/server/auth/sign-in-throttle.ts, atomic under
 * concurrency), then slowed if need be, then the password is checked through the bounded
 * password-hashing queue. Messages never say whether an account exists.
 */
export const SIGN_IN_FAILED = "Email or password is incorrect.";

export type SignInFailure = { ok: false; reason: "failed" | "locked" | "busy"; error: string; retryAfterSeconds?: number };
export type SignInResult = { ok: true; user: SessionUser; token: string; expiresAt: Date } | SignInFailure;

function lockedMessage(retryAfterMs: number): string {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export async function signIn(input: {
  email: string;
  password: string;
  ipAddress: string;
  userAgent?: string | null;
}): Promise<SignInResult> {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  const reservation = await reserveAttempt({ email, ipAddress: input.ipAddress });
  if (!reservation.ok) {
    return { ok: false, reason: "locked", error: lockedMessage(reservation.retryAfterMs), retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000) };
  }
  await sleep(reservation.delayMs);

  const user = await db.user.findUnique({ where: { email } });
  const hasPassword = Boolean(user?.isActive && user.passwordHash);
  let isValid: boolean;
  try {
    isValid = (await verifyPassword(input.password, hasPassword ? user!.passwordHash! : await getDecoyHash())) && hasPassword;
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    await withdrawAttempt(reservation.attemptId);
    return { ok: false, reason: "busy", error: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (!isValid || !user) return { ok: false, reason: "failed", error: SIGN_IN_FAILED };

  await markAttemptSucceeded(reservation.attemptId);
  await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  const session = await createSession(user.id, { ipAddress: input.ipAddress, userAgent: input.userAgent });
  return {
    ok: true,
    token: session.token,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, name: user.name, role: user.role, mustChangePassword: user.mustChangePassword },
  };
}
