import "server-only";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { createUser } from "./manage-users";
import { generatePassword } from "./password";

export const DEFAULT_ADMIN_EMAIL = "admin@concord.local";

/**
 * First run: when no active admin exists, create one. ADMIN_EMAIL / ADMIN_PASSWORD set it
 * for automation; otherwise the password is generated and returned for the caller to print
 * once. It is never stored anywhere but as a hash, and never printed again, because from
 * then on an admin exists. Returns null when nothing was created.
 */
export async function ensureFirstAdmin(env: Record<string, string | undefined> = process.env): Promise<{
  email: string;
  password: string;
  isGenerated: boolean;
} | null> {
  const db = getDb();
  if ((await db.user.count({ where: { role: "admin", isActive: true } })) > 0) return null;

  const email = (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const isGenerated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD || generatePassword();
  const existing = await db.user.findUnique({ where: { email } });
  if (existing && existing.role !== "admin") {
    throw new Error(`no active admin exists, and ${email} is taken by another account: set ADMIN_EMAIL to a free address`);
  }
  if (existing) {
    throw new Error(`no active admin exists: ${email} is a deactivated admin; reactivate it with \`concord user set-role\``);
  }
  try {
    // A generated password is for the first sign-in only: the admin chooses their own then.
    await createUser({ email, name: "Administrator", role: "admin", password, mustChangePassword: isGenerated });
  } catch (error) {
    // Two servers starting at once: the other one created the admin first.
    if (error instanceof DomainError && error.code === "conflict") return null;
    throw error;
  }
  return { email, password, isGenerated };
}
