import "server-only";
import type { Role } from "@/lib/auth/access";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { generatePassword, hashPassword, verifyPassword } from "./password";
import { revokeUserSessions } from "./sessions";

/**
 * Creating and changing accounts. A one-time password must be changed at the next sign-in;
 * the last active admin can be neither demoted nor deactivated, so Concord never locks
 * its owners out.
 */

export async function createUser(input: {
  email: string;
  name: string;
  role: Role;
  password?: string;
  mustChangePassword?: boolean;
}): Promise<{ id: number; password: string | null }> {
  const password = input.password ?? null;
  try {
    const user = await getDb().user.create({
      data: {
        email: input.email.trim().toLowerCase(),
        name: input.name.trim(),
        role: input.role,
        passwordHash: password ? await hashPassword(password) : null,
        mustChangePassword: input.mustChangePassword ?? false,
      },
    });
    return { id: user.id, password };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new DomainError("conflict", `A user with the email ${input.email} already exists`, {
        email: "This email is already in use",
      });
    }
    throw error;
  }
}

/** Creates a user with a generated one-time password, returned once. */
export async function createUserWithOneTimePassword(input: { email: string; name: string; role: Role }) {
  const password = generatePassword();
  const { id } = await createUser({ ...input, password, mustChangePassword: true });
  return { id, password };
}

async function assertNotLastAdmin(userId: number): Promise<void> {
  const user = await getDb().user.findUnique({ where: { id: userId } });
  if (!user) throw new DomainError("not_found", "No such user");
  if (user.role !== "admin" || !user.isActive) return;
  const admins = await getDb().user.count({ where: { role: "admin", isActive: true } });
  if (admins <= 1) throw new DomainError("conflict", "This is the last active admin; make another admin first");
}

export async function setUserRole(userId: number, role: Role): Promise<void> {
  if (role !== "admin") await assertNotLastAdmin(userId);
  const { count } = await getDb().user.updateMany({ where: { id: userId }, data: { role } });
  if (count === 0) throw new DomainError("not_found", "No such user");
}

/** Deactivating signs the user out everywhere at once. */
export async function setUserActive(userId: number, isActive: boolean): Promise<void> {
  if (!isActive) await assertNotLastAdmin(userId);
  const { count } = await getDb().user.updateMany({ where: { id: userId }, data: { isActive } });
  if (count === 0) throw new DomainError("not_found", "No such user");
  if (!isActive) await revokeUserSessions(userId);
}

/** Sets a new password (generated when none is given), which must be changed at next sign-in. */
export async function resetUserPassword(userId: number, password = generatePassword()): Promise<string> {
  const { count } = await getDb().user.updateMany({
    where: { id: userId },
    data: { passwordHash: await hashPassword(password), mustChangePassword: true },
  });
  if (count === 0) throw new DomainError("not_found", "No such user");
  await revokeUserSessions(userId);
  return password;
}

/** A user changes their own password; their other sessions end. */
export async function changeOwnPassword(input: {
  userId: number;
  currentPassword: string;
  newPassword: string;
  keepSessionToken?: string;
}): Promise<{ endedSessions: number }> {
  const user = await getDb().user.findUnique({ where: { id: input.userId } });
  if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new DomainError("invalid", "The current password is incorrect", { currentPassword: "Incorrect password" });
  }
  if (input.currentPassword === input.newPassword) {
    throw new DomainError("invalid", "Choose a password different from the current one", {
      newPassword: "Same as the current password",
    });
  }
  await getDb().user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(input.newPassword), mustChangePassword: false },
  });
  // Every other sign-in of this account ends: a password change is how a person locks out
  // whoever else may know the old one. The count is told to the person.
  return { endedSessions: await revokeUserSessions(user.id, input.keepSessionToken) };
}

export async function findUserByEmail(email: string) {
  return getDb().user.findUnique({ where: { email: email.trim().toLowerCase() } });
}

export async function listUsers() {
  return getDb().user.findMany({
    orderBy: [{ isActive: "desc" }, { role: "asc" }, { email: "asc" }],
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      isActive: true,
      mustChangePassword: true,
      passwordHash: true,
      lastSignInAt: true,
      createdAt: true,
    },
  });
}
