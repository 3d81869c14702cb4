"use client";

import { useActionState } from "react";
import { revokeApiKeyAction } from "@/app/settings/api-keys/actions";

export function RevokeApiKeyButton({ apiKeyId, name }: { apiKeyId: number; name: string }) {
  const [state, action, isPending] = useActionState(revokeApiKeyAction, { status: "idle" });
  return (
    <form
      action={action}
      className="inline-form"
      onSubmit={(event) => {
        if (!window.confirm(`Revoke the key "${name}"? Scripts using it stop working at once.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="apiKeyId" value={apiKeyId} />
      <button type="submit" className="button button-danger button-small" disabled={isPending} aria-label={`Revoke ${name}`}>
        Revoke
      </button>
      {state.status === "error" ? <p className="field-error" role="alert">{state.error}</p> : null}
    </form>
  );
}
