import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { getDb } from "../db";
import { getDecoyHash, verifyPassword } from "./password";
import { createSession, type SessionUser } from "./sessions";

/**
 * Sign-in with throttling per account (the email typed, whether or not it exists) and per
 * address, counted from the sign_in_attempts table so that every server instance agrees:
 * after a few failures each attempt is slowed, after more the email or address is locked
 * for a while. Messages never say whether an account exists.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  account: { slowAfter: 3, lockAfter: 10 },
  address: { slowAfter: 10, lockAfter: 50 },
  maxDelayMs: 4000,
} as const;

export const SIGN_IN_FAILED = "Email or password is incorrect.";

export type SignInResult =
  | { ok: true; user: SessionUser; token: string; expiresAt: Date }
  | { ok: false; error: string; retryAfterSeconds?: number };

type Failures = { count: number; latest: Date | null };

async function countFailures(where: { email: string } | { ipAddress: string }, since: Date): Promise<Failures> {
  const db = getDb();
  // Failures after the last success of this email (or address) within the window.
  const lastSuccess = await db.signInAttempt.findFirst({
    where: { ...where, isSuccess: true, attemptedAt: { gte: since } },
    orderBy: { attemptedAt: "desc" },
    select: { attemptedAt: true },
  });
  const from = lastSuccess?.attemptedAt ?? since;
  const result = await db.signInAttempt.aggregate({
    where: { ...where, isSuccess: false, attemptedAt: { gt: from } },
    _count: { _all: true },
    _max: { attemptedAt: true },
  });
  return { count: result._count._all, latest: result._max.attemptedAt };
}

function lockedFor(failures: Failures, lockAfter: number, now: Date): number {
  if (failures.count < lockAfter || !failures.latest) return 0;
  return Math.max(0, failures.latest.getTime() + THROTTLE.windowMs - now.getTime());
}

function delayFor(count: number, slowAfter: number): number {
  if (count < slowAfter) return 0;
  return Math.min(THROTTLE.maxDelayMs, 250 * 2 ** (count - slowAfter));
}

export async function signIn(input: {
  email: string;
  password: string;
  ipAddress: string;
  userAgent?: string | null;
}): Promise<SignInResult> {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const [byAccount, byAddress] = await Promise.all([
    countFailures({ email }, since),
    countFailures({ ipAddress: input.ipAddress }, since),
  ]);

  const lockedMs = Math.max(
    lockedFor(byAccount, THROTTLE.account.lockAfter, now),
    lockedFor(byAddress, THROTTLE.address.lockAfter, now),
  );
  if (lockedMs > 0) {
    const minutes = Math.ceil(lockedMs / 60_000);
    return {
      ok: false,
      error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds: Math.ceil(lockedMs / 1000),
    };
  }
  await sleep(Math.max(delayFor(byAccount.count, THROTTLE.account.slowAfter), delayFor(byAddress.count, THROTTLE.address.slowAfter)));

  const user = await db.user.findUnique({ where: { email } });
  const hash = user?.isActive && user.passwordHash ? user.passwordHash : await getDecoyHash();
  const isValid = (await verifyPassword(input.password, hash)) && Boolean(user?.isActive && user.passwordHash);

  await db.signInAttempt.create({ data: { email, ipAddress: input.ipAddress, isSuccess: isValid } });
  if (!isValid || !user) return { ok: false, error: SIGN_IN_FAILED };

  await db.user.update({ where: { id: user.id }, data: { lastSignInAt: now } });
  const session = await createSession(user.id, { ipAddress: input.ipAddress, userAgent: input.userAgent });
  return {
    ok: true,
    token: session.token,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, name: user.name, role: user.role, mustChangePassword: user.mustChangePassword },
  };
}
