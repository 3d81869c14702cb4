"use client";

import { useActionState } from "react";
import { createApiKeyAction, type CreatedKey } from "@/app/settings/api-keys/actions";
import { Alert } from "@/components/ui/alert";
import { Field, SelectField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/server/auth/guards";
import { OneTimeSecret } from "./one-time-secret";

export function CreateApiKeyForm() {
  const [state, action] = useActionState<ActionState<CreatedKey>, FormData>(createApiKeyAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={action} className="form form-inline-grid" noValidate aria-label="Create an API key">
      <Field label="Name" name="name" defaultValue={values?.name} placeholder="e.g. nightly orchestrator run" required error={errors?.name} />
      <SelectField
        label="Scope"
        name="scope"
        defaultValue={values?.scope ?? "ingest"}
        options={[
          { value: "ingest", label: "ingest — push sessions" },
          { value: "read", label: "read — list sessions, read agreement" },
          { value: "score", label: "score — score responses as they are written (for the orchestrator)" },
        ]}
        error={errors?.scope}
      />
      <Field label="Expires after (days)" name="expiresInDays" defaultValue={values?.expiresInDays} type="number" min={1} max={3650} placeholder="never" error={errors?.expiresInDays} />
      <div className="form-actions">
        <SubmitButton pendingText="Creating…">Create key</SubmitButton>
      </div>
      <div className="form-result">
        {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
        {state.status === "ok" && state.data ? (
          <OneTimeSecret
            label={`API key ${state.data.name}`}
            secret={state.data.key}
            note="Copy it now: Concord keeps only a hash and cannot show it again. Send it as Authorization: Bearer <key>."
          />
        ) : null}
      </div>
    </form>
  );
}
