"use client";

import { useActionState } from "react";
import { createGoldItemAction } from "@/app/queue/manage/actions";
import { Field, SelectField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";
import { FormResult } from "@/components/ui/form-result";
import styles from "./manage.module.css";

const LEVEL_OPTIONS = QUALITY_LEVELS.map((name, index) => ({ value: String(index + 1), label: `${index + 1} ${name}` }));

/** With a turn and level: a one-click "make gold" for a candidate; without: the full form. */
export function GoldItemForm({ turnId, level }: { turnId?: number; level?: number }) {
  const [state, action] = useActionState(createGoldItemAction, { status: "idle" });
  if (turnId !== undefined && level !== undefined) {
    return (
      <form action={action} className="inline-form" aria-label={`Make turn ${turnId} gold`}>
        <input type="hidden" name="turnId" value={turnId} />
        <input type="hidden" name="level" value={level} />
        <button type="submit" className="button button-secondary button-small">
          Make gold ({QUALITY_LEVELS[level - 1]})
        </button>
        {state.status === "error" ? <span className="field-error">{state.error}</span> : null}
      </form>
    );
  }
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={action} className={styles.stack} noValidate aria-label="Add a gold item">
      <div className={styles.row}>
        <Field label="Turn id" name="turnId" type="number" min={1} defaultValue={values?.turnId} error={errors?.turnId} />
        <SelectField label="Agreed level" name="level" options={[{ value: "", label: "Pick…" }, ...LEVEL_OPTIONS]} defaultValue={values?.level ?? ""} error={errors?.level} />
        <Field label="Note (optional)" name="note" defaultValue={values?.note} error={errors?.note} />
      </div>
      <div>
        <SubmitButton pendingText="Adding…">Add gold item</SubmitButton>
      </div>
      <FormResult state={state} />
    </form>
  );
}
