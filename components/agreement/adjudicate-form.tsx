"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useActionState } from "react";
import { adjudicateAction } from "@/app/agreement/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/server/auth/guards";
import { levelName } from "./format";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";
import styles from "./disagreements.module.css";

type Props = { turnId: number; criterion: string; levels: number[]; current: number | null; suggested: number };

/**
 * An admin settles a disputed turn: the level recorded here replaces the raters' median in
 * every figure. Adjudicating again replaces it. The report reloads once it is saved.
 */
export function AdjudicateForm({ turnId, criterion, levels, current, suggested }: Props) {
  const queryClient = useQueryClient();
  const [state, action] = useActionState<ActionState<unknown>, FormData>(async (previous, formData) => {
    const result = await adjudicateAction(previous, formData);
    if (result.status === "ok") await queryClient.invalidateQueries({ queryKey: AGREEMENT_QUERY_KEY });
    return result;
  }, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const choices = criterion === "overall" ? levels.filter((level) => level <= 4) : levels;
  const id = `adjudicate-${turnId}-${criterion}`;
  return (
    <form action={action} className={styles.adjudicate} aria-label={`Adjudicate turn ${turnId}`}>
      <input type="hidden" name="turnId" value={turnId} />
      <input type="hidden" name="criterion" value={criterion} />
      <div className="field">
        <label htmlFor={`${id}-level`}>Adjudicated level</label>
        <select id={`${id}-level`} name="level" defaultValue={String(current ?? suggested)} aria-invalid={errors?.level ? true : undefined}>
          {choices.map((level) => (
            <option key={level} value={level}>
              {levelName(level)}
            </option>
          ))}
        </select>
        {errors?.level ? <p className="field-error">{errors.level}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <input id={`${id}-note`} name="note" maxLength={1000} placeholder="Why this level" />
      </div>
      <div className={styles.adjudicateActions}>
        <SubmitButton pendingText="Saving…">{current === null ? "Record level" : "Replace level"}</SubmitButton>
      </div>
      {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
      {state.status === "ok" ? <Alert tone="success">{state.message}</Alert> : null}
    </form>
  );
}
