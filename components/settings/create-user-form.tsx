"use client";

import { useActionState } from "react";
import { createUserAction, type CreatedUser } from "@/app/settings/users/actions";
import { Alert } from "@/components/ui/alert";
import { Field, SelectField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { ROLES, ROLE_LABELS } from "@/lib/auth/access";
import type { ActionState } from "@/lib/server/auth/guards";
import { OneTimeSecret } from "./one-time-secret";

export function CreateUserForm() {
  const [state, action] = useActionState<ActionState<CreatedUser>, FormData>(createUserAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={action} className="form form-inline-grid" noValidate aria-label="Add a user">
      <Field label="Email" name="email" defaultValue={values?.email} type="email" required error={errors?.email} />
      <Field label="Name" name="name" defaultValue={values?.name} required error={errors?.name} />
      <SelectField label="Role" name="role" defaultValue={values?.role ?? "rater"} options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))} error={errors?.role} />
      <SelectField
        label="First sign-in"
        name="method"
        defaultValue={values?.method ?? "password"}
        options={[
          { value: "password", label: "One-time password" },
          { value: "invite", label: "Invite link" },
        ]}
      />
      <div className="form-actions">
        <SubmitButton pendingText="Adding…">Add user</SubmitButton>
      </div>
      <div className="form-result">
        {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
        {state.status === "ok" && state.data?.password ? (
          <OneTimeSecret label={`One-time password for ${state.data.email}`} secret={state.data.password} note="Shown only now. They choose their own password at the first sign-in." />
        ) : null}
        {state.status === "ok" && state.data?.inviteUrl ? (
          <OneTimeSecret label={`Invite link for ${state.data.email}`} secret={state.data.inviteUrl} note="Shown only now; it works once, for 7 days." />
        ) : null}
      </div>
    </form>
  );
}
