import "server-only";
import type { Role } from "@/lib/auth/access";
import { getDb } from "../db";
import { generateToken, hashToken } from "./tokens";

/**
 * Server-side sessions in PostgreSQL. The browser holds only a random token (httpOnly
 * cookie); the table holds its SHA-256, so a leaked table does not sign anyone in.
 * A session ends at the first of: its absolute expiry, a day without use, sign-out,
 * revocation by an admin, or its user being deactivated.
 */
export const SESSION_COOKIE = "concord_session";
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = { id: number; email: string; name: string; role: Role; mustChangePassword: boolean };

export async function createSession(
  userId: number,
  meta: { ipAddress?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_MS);
  await getDb().authSession.create({
    data: {
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      ipAddress: meta.ipAddress ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { token, expiresAt };
}

/** The user a session token belongs to, or null when it is unknown, expired, idle or revoked. */
export async function findSessionUser(token: string | undefined | null, now = new Date()): Promise<SessionUser | null> {
  if (!token) return null;
  const session = await getDb().authSession.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: true },
  });
  if (!session || session.revokedAt || session.expiresAt <= now || !session.user.isActive) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await getDb().authSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  const { id, email, name, role, mustChangePassword } = session.user;
  return { id, email, name, role, mustChangePassword };
}

export async function revokeSession(token: string): Promise<void> {
  await getDb().authSession.updateMany({
    where: { tokenHash: hashToken(token), revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** Signs a user out everywhere; returns how many sessions ended. */
export async function revokeUserSessions(userId: number, exceptToken?: string): Promise<number> {
  const { count } = await getDb().authSession.updateMany({
    where: { userId, revokedAt: null, ...(exceptToken ? { NOT: { tokenHash: hashToken(exceptToken) } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}
