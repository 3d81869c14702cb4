"use server";

import { redirect } from "next/navigation";
import { acceptInviteSchema } from "@/lib/auth/account.schema";
import type { ActionState } from "@/lib/server/auth/guards";
import { acceptInvite } from "@/lib/server/auth/invites";
import { DomainError, isRateLimited } from "@/lib/server/errors";

/** Public by design: the unguessable token in the link is the credential. */
export async function acceptInviteAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = acceptInviteSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { status: "error", error: "Check the highlighted fields.", fieldErrors };
  }
  try {
    await acceptInvite(parsed.data.token, parsed.data.newPassword);
  } catch (error) {
    if (error instanceof DomainError || isRateLimited(error)) return { status: "error", error: error.message };
    throw error;
  }
  redirect("/sign-in?invited=1");
}
