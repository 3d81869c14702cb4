import { randomBytes } from "node:crypto";
import type { Role } from "@/lib/auth/access";
import { createUser } from "@/lib/server/auth/manage-users";

/** A unique email, so tests that share the database never collide. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(5).toString("hex")}@test.concord.local`;
}

export const TEST_PASSWORD = "correct horse battery staple";

/** A real user row with a known password. */
export async function createTestUser(role: Role, overrides: { mustChangePassword?: boolean; email?: string } = {}) {
  const email = overrides.email ?? uniqueEmail(role);
  const { id } = await createUser({
    email,
    name: `Test ${role}`,
    role,
    password: TEST_PASSWORD,
    mustChangePassword: overrides.mustChangePassword ?? false,
  });
  return { id, email, role, password: TEST_PASSWORD };
}
