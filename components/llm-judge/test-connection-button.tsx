"use client";

import { useActionState } from "react";
import { testEndpointConnectionAction } from "@/app/settings/judges/actions";
import { InlineFormError } from "@/components/ui/form-result";
import type { ActionState } from "@/lib/server/auth/guards";
import type { ConnectionTest } from "@/lib/server/llm-judge/test-endpoint-connection";

/** Sends the endpoint one tiny request and says how it went: latency and model, or the error in plain words. */
export function TestConnectionButton({ endpointId, name }: { endpointId: number; name: string }) {
  const [state, action, isPending] = useActionState<ActionState<ConnectionTest>, FormData>(testEndpointConnectionAction, { status: "idle" });
  const result = state.status === "ok" ? state.data : undefined;
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="endpointId" value={endpointId} />
      <button type="submit" className="button button-secondary button-small" disabled={isPending} aria-label={`Test connection to ${name}`}>
        {isPending ? "Testing…" : "Test connection"}
      </button>
      <span role="status" aria-live="polite">
        {result ? (
          result.isOk ? (
            <span className="field-success">
              Connected in {result.latencyMs} ms{result.model ? `; model ${result.model} answered` : ""}.
            </span>
          ) : (
            <span className="field-error">
              {result.stage === "connect" ? "Connection failed" : "The request failed"} after {result.latencyMs} ms: {result.error}
            </span>
          )
        ) : null}
      </span>
      <InlineFormError state={state} />
    </form>
  );
}
