"use client";

import { useActionState } from "react";
import { updateRetryPolicyAction } from "@/app/settings/thresholds/actions";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { OVERRIDE_FIELD_PREFIX, type RetryPolicy } from "@/lib/score/retry-policy.schema";
import { personaLabel } from "@/lib/thresholds/weights";
import styles from "./retry-policy-form.module.css";

type Props = { policy: RetryPolicy; personas: readonly string[] };

/**
 * The bar below which the orchestrator regenerates a response (POST /api/v1/score answers
 * `retry: true`), with an optional bar of its own per persona. Blank: the persona uses the default.
 */
export function RetryPolicyForm({ policy, personas }: Props) {
  const [state, action] = useActionState(updateRetryPolicyAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const listed = [...new Set([...personas, ...Object.keys(policy.personas)])];
  return (
    // Keeps what was typed after a save (it is what is stored) or a refusal (what to correct).
    <form action={action} onReset={(event) => event.preventDefault()} className={styles.form} noValidate aria-label="Retry cut-off">
      <div className={styles.grid}>
        <Field
          label="Retry below (every persona)"
          name="cutoff"
          type="number"
          step="0.01"
          min={0}
          max={1}
          defaultValue={policy.cutoff}
          error={errors?.cutoff}
          hint="A response whose overall score is below this is sent back to be written again."
        />
        {listed.map((persona) => (
          <Field
            key={persona}
            id={`retry-override-${persona}`}
            label={`${personaLabel(persona)}: retry below`}
            name={`${OVERRIDE_FIELD_PREFIX}${persona}`}
            type="number"
            step="0.01"
            min={0}
            max={1}
            placeholder={`default (${policy.cutoff})`}
            defaultValue={Object.hasOwn(policy.personas, persona) ? policy.personas[persona] : ""}
            error={errors?.[`${OVERRIDE_FIELD_PREFIX}${persona}`]}
          />
        ))}
      </div>
      <fieldset className={styles.add}>
        <legend>Another persona</legend>
        <div className={styles.grid}>
          <Field label="Persona id" name="newPersona" placeholder="e.g. planner" error={errors?.newPersona} hint="As the orchestrator sends it in persona_id." />
          <Field label="Retry below" name="newCutoff" type="number" step="0.01" min={0} max={1} error={errors?.newCutoff} />
        </div>
      </fieldset>
      <div>
        <SubmitButton pendingText="Saving…">Save retry cut-off</SubmitButton>
      </div>
      <FormResult state={state} />
    </form>
  );
}
