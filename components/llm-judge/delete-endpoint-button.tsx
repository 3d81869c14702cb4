"use client";

import { useActionState } from "react";
import { InlineFormError } from "@/components/ui/form-result";
import { deleteEndpointAction } from "@/app/settings/judges/actions";

/** Deletes an endpoint after a confirmation; its judges' scores stay. */
export function DeleteEndpointButton({ endpointId, name }: { endpointId: number; name: string }) {
  const [state, action, isPending] = useActionState(deleteEndpointAction, { status: "idle" });
  return (
    <form
      action={action}
      className="inline-form"
      onSubmit={(event) => {
        if (!window.confirm(`Delete the endpoint "${name}"? Scores it produced are kept.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="endpointId" value={endpointId} />
      <button type="submit" className="button button-danger button-small" disabled={isPending} aria-label={`Delete ${name}`}>
        Delete
      </button>
      <InlineFormError state={state} />
    </form>
  );
}
