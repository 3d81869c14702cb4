"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ACCESS } from "@/lib/auth/access";
import { changePasswordSchema } from "@/lib/auth/account.schema";
import { authorizedAction, type ActionState } from "@/lib/server/auth/guards";
import { changeOwnPassword } from "@/lib/server/auth/manage-users";
import { SESSION_COOKIE } from "@/lib/server/auth/sessions";

const change = authorizedAction(ACCESS.signedIn, changePasswordSchema, async (input, user) => {
  const { endedSessions } = await changeOwnPassword({
    userId: user.id,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    keepSessionToken: (await cookies()).get(SESSION_COOKIE)?.value,
  });
  return { data: `/account/password?changed=1&ended=${endedSessions}` };
}, { allowPasswordChange: true });

/** On success, the page again with a confirmation that says how many other sessions ended. */
export async function changePasswordAction(previous: ActionState<string>, formData: FormData): Promise<ActionState<string>> {
  const result = await change(previous, formData);
  if (result.status === "ok" && result.data) redirect(result.data);
  return result;
}
