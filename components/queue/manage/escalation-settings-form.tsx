"use client";

import { useActionState } from "react";
import { updateEscalationSettingsAction } from "@/app/queue/manage/actions";
import { Field, SelectField } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { EscalationSettings } from "@/lib/queue/escalation.schema";
import styles from "./manage.module.css";

const DESIGNS = [
  { value: "sampled", label: "A random sample, plus a share of escalated items" },
  { value: "ordered", label: "Nearest a cut-off first (no weighting)" },
];

/** The queue design, the escalation share and the limits that escalate a turn. */
export function EscalationSettingsForm({ settings }: { settings: EscalationSettings }) {
  const [state, action] = useActionState(updateEscalationSettingsAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={action} className={styles.stack} noValidate aria-label="Escalation settings">
      {/* Keyed: a select takes its default only when mounted, and React resets the form after each submit. */}
      <SelectField
        key={`${state.status}-${values?.design ?? settings.design}`}
        label="How the queue picks items"
        name="design" options={DESIGNS} defaultValue={values?.design ?? settings.design} error={errors?.design} />
      <div className={styles.row}>
        <Field label="Escalated share (%)" name="sharePercent" type="number" min={0} max={100} step="any" defaultValue={values?.sharePercent ?? Number((settings.share * 100).toFixed(2))} error={errors?.sharePercent} />
        <Field label="Judge unsure below" name="minConfidence" type="number" min={0} max={1} step="any" defaultValue={values?.minConfidence ?? settings.minConfidence} error={errors?.minConfidence} />
        <Field label="Panel vote share below" name="minVoteShare" type="number" min={0} max={1} step="any" defaultValue={values?.minVoteShare ?? settings.minVoteShare} error={errors?.minVoteShare} />
        <Field label="Panel score spread above" name="maxPanelSpread" type="number" min={0} max={1} step="any" defaultValue={values?.maxPanelSpread ?? settings.maxPanelSpread} error={errors?.maxPanelSpread} />
        <Field label="Cut-off margin" name="cutoffMargin" type="number" min={0} max={0.5} step="any" defaultValue={values?.cutoffMargin ?? settings.cutoffMargin} error={errors?.cutoffMargin} />
      </div>
      <p className="field-hint">
        Under the sampled design each take serves the most urgent escalated item with this probability, otherwise a random open item, and records how likely
        that item was to be picked; the agreement report weights each rating by it, so the figures stay unbiased. Raters never see why an item came to them.
      </p>
      <div>
        <SubmitButton pendingText="Saving…">Save escalation</SubmitButton>
      </div>
      <FormResult state={state} />
    </form>
  );
}
