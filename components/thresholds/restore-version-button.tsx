"use client";

import { useActionState } from "react";
import { InlineFormError } from "@/components/ui/form-result";
import { restoreThresholdsAction } from "@/app/settings/thresholds/actions";
import type { ActionState } from "@/lib/server/auth/guards";
import type { SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";

/** Restores an earlier version as a new one, from the version this page shows as active. */
export function RestoreVersionButton({ versionId, version, basedOnId }: { versionId: number; version: number; basedOnId: number }) {
  const [state, action, isPending] = useActionState<ActionState<SavedThresholdVersion>, FormData>(restoreThresholdsAction, { status: "idle" });
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="basedOnId" value={basedOnId} />
      <button type="submit" className="button button-secondary button-small" disabled={isPending} aria-label={`Restore version ${version}`}>
        {isPending ? "Restoring…" : "Restore"}
      </button>
      <InlineFormError state={state} />
    </form>
  );
}
