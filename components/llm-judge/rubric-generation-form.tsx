"use client";

import { useActionState } from "react";
import { generateRubricAction, type GeneratedDraft } from "@/app/settings/judges/rubric/actions";
import { Alert } from "@/components/ui/alert";
import { Field, SelectField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { STRICTNESS, STRICTNESS_LABELS, type RubricDraft } from "@/lib/llm-judge/rubric-generation.schema";
import type { ActionState } from "@/lib/server/auth/guards";
import { CriterionTypeFields } from "./criterion-type-fields";
import { RubricDraftView } from "./rubric-draft-view";
import styles from "./rubric.module.css";

function requestValues(draft: RubricDraft): Record<string, string> {
  return {
    criterionKey: draft.criterion.key,
    criterionName: draft.criterion.name,
    criterionDescription: draft.criterion.description,
    domain: draft.domain,
    criterionType: draft.criterion.type,
    levelCount: String(draft.criterion.levels.length),
    labels: draft.askedLabels.join(", "),
    positive: draft.criterion.positive ?? "",
    min: draft.criterion.min === undefined ? "" : String(draft.criterion.min),
    max: draft.criterion.max === undefined ? "" : String(draft.criterion.max),
    strictness: draft.criterion.strictness,
    endpointId: String(draft.endpointId),
  };
}

/** Asks an endpoint for a rubric for one criterion, then shows it for review. */
export function RubricGenerationForm({ endpoints }: { endpoints: Array<{ id: number; name: string; model: string }> }) {
  const [state, action] = useActionState<ActionState<GeneratedDraft>, FormData>(generateRubricAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  // After a success React resets the form; it comes back with what was asked, to refine and ask again.
  const values = state.status === "error" ? state.values : state.status === "ok" && state.data ? requestValues(state.data) : undefined;
  return (
    <>
      {/* A new form after each draft, so every field (selects too) shows what was asked. */}
      <form key={state.status === "ok" ? state.data?.generatedAt : "form"} action={action} className={`form ${styles.grid}`} noValidate aria-label="Generate a rubric">
        <SelectField label="Endpoint" name="endpointId" defaultValue={values?.endpointId} options={endpoints.map((endpoint) => ({ value: String(endpoint.id), label: `${endpoint.name} (${endpoint.model})` }))} error={errors?.endpointId} />
        <Field label="Criterion key" name="criterionKey" defaultValue={values?.criterionKey} placeholder="critical_intensity" required error={errors?.criterionKey} hint="How ratings and scores refer to it." />
        <Field label="Criterion name" name="criterionName" defaultValue={values?.criterionName} placeholder="Critical intensity" required error={errors?.criterionName} />
        <Field label="Domain" name="domain" defaultValue={values?.domain} placeholder="philosophical dialogue" required error={errors?.domain} hint="Its terms go into the descriptions." />
        <div className={styles.wide}>
          <TextareaField label="What it measures" name="criterionDescription" defaultValue={values?.criterionDescription} rows={3} required error={errors?.criterionDescription} />
        </div>
        <CriterionTypeFields values={values} errors={errors} />
        <SelectField label="Strictness" name="strictness" defaultValue={values?.strictness ?? "balanced"} options={STRICTNESS.map((level) => ({ value: level, label: STRICTNESS_LABELS[level] }))} error={errors?.strictness} />
        <div className="form-actions">
          <SubmitButton pendingText="Asking the model…">Generate rubric</SubmitButton>
        </div>
        <div className="form-result">{state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}</div>
      </form>
      {state.status === "ok" && state.data ? <RubricDraftView key={state.data.generatedAt} draft={state.data} /> : null}
    </>
  );
}
