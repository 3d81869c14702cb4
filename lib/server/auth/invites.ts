import "server-only";
import type { Role } from "@/lib/auth/access";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { createUser } from "./manage-users";
import { hashPassword } from "./password";
import { generateToken, hashToken } from "./tokens";

/** Invite links: a new user sets their own password; the link works once, for 7 days. */
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function createUserWithInvite(input: { email: string; name: string; role: Role; invitedById?: number }) {
  const { id } = await createUser(input);
  const token = generateToken();
  await getDb().invite.create({
    data: { userId: id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS), invitedById: input.invitedById ?? null },
  });
  return { id, token };
}

export async function findInvite(token: string) {
  const invite = await getDb().invite.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true, invitedBy: { select: { name: true } } } });
  if (!invite || invite.acceptedAt || invite.expiresAt <= new Date() || !invite.user.isActive) return null;
  return { email: invite.user.email, name: invite.user.name, role: invite.user.role, invitedBy: invite.invitedBy?.name ?? null };
}

export async function acceptInvite(token: string, password: string): Promise<{ userId: number }> {
  const passwordHash = await hashPassword(password);
  return getDb().$transaction(async (tx) => {
    // Marking it accepted first, conditionally, makes a double submit harmless.
    const claimed = await tx.invite.updateMany({
      where: { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: new Date() } },
      data: { acceptedAt: new Date() },
    });
    if (claimed.count !== 1) throw new DomainError("invalid", "This invite link is invalid, used or expired");
    const invite = await tx.invite.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    await tx.user.update({ where: { id: invite.userId }, data: { passwordHash, mustChangePassword: false } });
    return { userId: invite.userId };
  });
}
