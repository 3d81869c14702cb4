"use client";

import { useActionState } from "react";
import { updateQueueSettingsAction } from "@/app/queue/manage/actions";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { QueueSettings } from "@/lib/queue/settings.schema";
import { FormResult } from "@/components/ui/form-result";
import styles from "./manage.module.css";

/** k, lease minutes, gold rate and skip cool-down. */
export function QueueSettingsForm({ settings }: { settings: QueueSettings }) {
  const [state, action] = useActionState(updateQueueSettingsAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={action} className={styles.stack} noValidate aria-label="Queue settings">
      <div className={styles.row}>
        <Field label="Ratings per item (k)" name="ratingsPerTurn" type="number" min={1} max={10} defaultValue={values?.ratingsPerTurn ?? settings.ratingsPerTurn} error={errors?.ratingsPerTurn} />
        <Field label="Lease (minutes)" name="leaseMinutes" type="number" min={1} max={120} defaultValue={values?.leaseMinutes ?? settings.leaseMinutes} error={errors?.leaseMinutes} />
        <Field label="Gold items (%)" name="goldPercent" type="number" min={0} max={50} step="any" defaultValue={values?.goldPercent ?? Number((settings.goldRate * 100).toFixed(2))} error={errors?.goldPercent} />
        <Field label="Skip hides for (hours)" name="skipCooldownHours" type="number" min={0} max={720} step="any" defaultValue={values?.skipCooldownHours ?? settings.skipCooldownHours} error={errors?.skipCooldownHours} />
      </div>
      <p className="field-hint">
        Each item wants k ratings from different raters. An item stays with its rater for the lease time, then goes back to the queue. Gold items are
        spread evenly through each rater&apos;s items.
      </p>
      <div>
        <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
      </div>
      <FormResult state={state} />
    </form>
  );
}
