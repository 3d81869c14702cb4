import { Alert } from "@/components/ui/alert";
import type { ActionState } from "@/lib/server/auth/guards";

/** What an admin form's action said: an error, or its message. */
export function FormResult({ state }: { state: ActionState<unknown> }) {
  if (state.status === "error") return <Alert tone="error">{state.error}</Alert>;
  if (state.status === "ok" && state.message) return <Alert tone="success">{state.message}</Alert>;
  return null;
}

/** What a one-button form's action said when it failed, in a line under the button. */
export function InlineFormError({ state }: { state: ActionState<unknown> }) {
  if (state.status !== "error") return null;
  return (
    <p className="field-error" role="alert">
      {state.error}
    </p>
  );
}
