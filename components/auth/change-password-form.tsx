"use client";

import { useActionState } from "react";
import { changePasswordAction } from "@/app/account/password/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/account.schema";
import type { ActionState } from "@/lib/server/auth/guards";

export function ChangePasswordForm() {
  const [state, action] = useActionState<ActionState<string>, FormData>(changePasswordAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form action={action} className="form" noValidate>
      {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors?.currentPassword} />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors?.newPassword}
      />
      <Field label="Repeat the new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors?.confirmPassword} />
      <SubmitButton pendingText="Saving…">Change password</SubmitButton>
    </form>
  );
}
