"use client";

import { useActionState } from "react";
import { deleteGoldItemAction } from "@/app/queue/manage/actions";

export function DeleteGoldItemButton({ id, turnId }: { id: number; turnId: number }) {
  const [state, action] = useActionState(deleteGoldItemAction, { status: "idle" });
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button-danger button-small" aria-label={`Remove gold item for turn ${turnId}`}>
        Remove
      </button>
      {state.status === "error" ? <span className="field-error">{state.error}</span> : null}
    </form>
  );
}
