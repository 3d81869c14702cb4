"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { createUserSchema, setRoleSchema, userIdSchema } from "@/lib/auth/account.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { createUserWithInvite } from "@/lib/server/auth/invites";
import { createUserWithOneTimePassword, resetUserPassword, setUserActive, setUserRole } from "@/lib/server/auth/manage-users";
import { publicOrigin } from "@/lib/server/auth/public-url";
import { revokeUserSessions } from "@/lib/server/auth/sessions";
import { unlockSignIns } from "@/lib/server/auth/unlock-sign-ins";
import { getDb } from "@/lib/server/db";
import { DomainError } from "@/lib/server/errors";

export type CreatedUser = { email: string; password?: string; inviteUrl?: string };

export const createUserAction = authorizedAction<typeof createUserSchema, CreatedUser>(
  ACCESS.administer,
  createUserSchema,
  async (input, user) => {
    if (input.method === "invite") {
      // Before the user exists: a missing PUBLIC_URL must not leave a half-made invite.
      const origin = publicOrigin(await headers());
      const { token } = await createUserWithInvite({ ...input, invitedById: user.id });
      revalidatePath("/settings/users");
      return { message: `Invited ${input.email}.`, data: { email: input.email, inviteUrl: `${origin}/invite/${token}` } };
    }
    const { password } = await createUserWithOneTimePassword(input);
    revalidatePath("/settings/users");
    return { message: `Created ${input.email}.`, data: { email: input.email, password } };
  },
);

export const setRoleAction = authorizedAction(ACCESS.administer, setRoleSchema, async (input) => {
  await setUserRole(input.userId, input.role);
  revalidatePath("/settings/users");
  return { message: "Role changed." };
});

export const deactivateUserAction = authorizedAction(ACCESS.administer, userIdSchema, async (input, user) => {
  if (input.userId === user.id) throw new DomainError("invalid", "You cannot deactivate yourself.");
  await setUserActive(input.userId, false);
  revalidatePath("/settings/users");
  return { message: "Deactivated and signed out everywhere." };
});

export const activateUserAction = authorizedAction(ACCESS.administer, userIdSchema, async (input) => {
  await setUserActive(input.userId, true);
  revalidatePath("/settings/users");
  return { message: "Activated." };
});

export const resetPasswordAction = authorizedAction<typeof userIdSchema, string>(ACCESS.administer, userIdSchema, async (input) => {
  const password = await resetUserPassword(input.userId);
  revalidatePath("/settings/users");
  return { message: "Password reset.", data: password };
});

export const signOutEverywhereAction = authorizedAction(ACCESS.administer, userIdSchema, async (input) => {
  const count = await revokeUserSessions(input.userId);
  return { message: `${count} session${count === 1 ? "" : "s"} ended.` };
});

export const unlockUserAction = authorizedAction(ACCESS.administer, userIdSchema, async (input) => {
  const user = await getDb().user.findUnique({ where: { id: input.userId }, select: { email: true } });
  if (!user) throw new DomainError("not_found", "No such user.");
  const cleared = await unlockSignIns(user.email);
  revalidatePath("/settings/users");
  return { message: `Sign-in unlocked (${cleared} failed attempt${cleared === 1 ? "" : "s"} cleared).` };
});
