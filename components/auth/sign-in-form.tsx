"use client";

import { useActionState } from "react";
import { signInAction } from "@/app/sign-in/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/server/auth/guards";

export function SignInForm({ next, notice }: { next?: string; notice?: string }) {
  const [state, action] = useActionState<ActionState, FormData>(signInAction, { status: "idle" });
  const fieldErrors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={action} className="form" noValidate>
      {notice && state.status === "idle" ? <Alert tone="success">{notice}</Alert> : null}
      {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field label="Email" name="email" type="email" autoComplete="username" required autoFocus defaultValue={values?.email} error={fieldErrors?.email} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={fieldErrors?.password} />
      <SubmitButton pendingText="Signing in…">Sign in</SubmitButton>
    </form>
  );
}
