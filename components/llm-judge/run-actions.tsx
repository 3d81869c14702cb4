"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useActionState } from "react";
import { InlineFormError } from "@/components/ui/form-result";
import { cancelRunAction, retryRunAction } from "@/app/settings/judges/runs/actions";
import type { ActionState } from "@/lib/server/auth/guards";
import { JUDGE_RUNS_KEY } from "./use-judge-runs";

type Action = (previous: ActionState, formData: FormData) => Promise<ActionState>;

function RunButton({ runId, action, label, variant }: { runId: number; action: Action; label: string; variant: "danger" | "secondary" }) {
  const queryClient = useQueryClient();
  const [state, formAction, isPending] = useActionState<ActionState, FormData>(async (previous, formData) => {
    const result = await action(previous, formData);
    await queryClient.invalidateQueries({ queryKey: JUDGE_RUNS_KEY });
    return result;
  }, { status: "idle" });
  return (
    <form action={formAction} className="inline-form">
      <input type="hidden" name="jobId" value={runId} />
      <button type="submit" className={`button button-${variant} button-small`} disabled={isPending} aria-label={`${label} run ${runId}`}>
        {label}
      </button>
      <InlineFormError state={state} />
    </form>
  );
}

/** Cancel an active run; retry a cancelled run or one with failed items. */
export function RunActions({ runId, canCancel, canRetry }: { runId: number; canCancel: boolean; canRetry: boolean }) {
  return (
    <div className="row-actions">
      {canCancel ? <RunButton runId={runId} action={cancelRunAction} label="Cancel" variant="danger" /> : null}
      {canRetry ? <RunButton runId={runId} action={retryRunAction} label="Retry" variant="secondary" /> : null}
    </div>
  );
}
