"use client";

import { useActionState } from "react";
import { acceptInviteAction } from "@/app/invite/[token]/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/account.schema";
import type { ActionState } from "@/lib/server/auth/guards";

/** The invited email is filled in (read-only, and named for password managers as the user name). */
export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const [state, action] = useActionState<ActionState, FormData>(acceptInviteAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form action={action} className="form" noValidate>
      {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <Field label="Email" name="email" type="email" autoComplete="username" defaultValue={email} readOnly />
      <Field label="Password" name="newPassword" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors?.newPassword} />
      <Field label="Repeat the password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors?.confirmPassword} />
      <SubmitButton pendingText="Saving…">Set password</SubmitButton>
    </form>
  );
}
