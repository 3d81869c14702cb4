"use client";

import { useActionState } from "react";
import { restoreRubricAction } from "@/app/settings/rubric/actions";

export function RestoreVersionButton({ versionId, version, basedOnVersionId }: { versionId: number; version: number; basedOnVersionId: number }) {
  const [state, action] = useActionState(restoreRubricAction, { status: "idle" });
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="basedOnVersionId" value={basedOnVersionId} />
      <button type="submit" className="button button-secondary button-small">
        Restore version {version}
      </button>
      {state.status === "error" ? <span className="field-error">{state.error}</span> : null}
    </form>
  );
}
