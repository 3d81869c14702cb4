"use client";

import { useActionState, useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InlineFormError } from "@/components/ui/form-result";
import { restoreThresholdsAction } from "@/app/settings/thresholds/actions";
import type { ActionState } from "@/lib/server/auth/guards";
import type { SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import { describeRestoreEffect } from "@/lib/thresholds/restore-effect";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";
import { useThresholdPreview } from "./use-threshold-preview";

type Props = { versionId: number; version: number; basedOnId: number; thresholds: Thresholds };

/**
 * Restores an earlier version as a new one, from the version this page shows as active, after
 * a confirmation that says what would change (κ_w before and after, turns and sessions that
 * change level), from the same preview the editor shows before a save.
 */
export function RestoreVersionButton({ versionId, version, basedOnId, thresholds }: Props) {
  const [state, action, isPending] = useActionState<ActionState<SavedThresholdVersion>, FormData>(restoreThresholdsAction, { status: "idle" });
  const [isOpen, setIsOpen] = useState(false);
  const preview = useThresholdPreview(basedOnId, isOpen ? thresholds : null);
  useEffect(() => {
    if (state.status === "ok") setIsOpen(false);
  }, [state]);
  const data = preview.data;
  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={() => setIsOpen(true)} aria-label={`Restore version ${version}`}>
        Restore
      </button>
      <InlineFormError state={state} />
      <ConfirmDialog isOpen={isOpen} title={`Restore version ${version}?`} onCancel={() => setIsOpen(false)}>
        <p>Its cut-offs and weights become the active ones, saved as a new version; the current version stays in the history and can be restored.</p>
        <p role="status" aria-live="polite" className="strong">
          {preview.isError
            ? `Could not work out what would change: ${preview.error.message}`
            : data && !preview.isPlaceholderData
              ? describeRestoreEffect({
                  turns: data.turns,
                  sessions: data.sessions,
                  kappaBefore: data.agreement.current.kappaQuadratic,
                  kappaAfter: data.agreement.draft.kappaQuadratic,
                  ratedTurns: data.agreement.current.n,
                })
              : "Working out what would change…"}
        </p>
        <form action={action} className="inline-form">
          <input type="hidden" name="versionId" value={versionId} />
          <input type="hidden" name="basedOnId" value={basedOnId} />
          <button type="submit" className="button" disabled={isPending}>
            {isPending ? "Restoring…" : `Yes, restore version ${version}`}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setIsOpen(false)}>
            Cancel
          </button>
        </form>
        <InlineFormError state={state} />
      </ConfirmDialog>
    </>
  );
}
