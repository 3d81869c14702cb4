"use client";

import { useActionState } from "react";
import { createCalibratedJudgeAction } from "@/app/settings/judges/calibrated/actions";
import { Field, SelectField } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/server/auth/guards";
import type { CalibrationSource } from "@/lib/server/calibrated-judges/list-calibrated-judges";

/** The "New calibrated judge" form: a name and the judge whose scores are mapped onto the human levels. */
export function CalibratedJudgeForm({ sources, defaultSource }: { sources: CalibrationSource[]; defaultSource?: number }) {
  const [state, action] = useActionState<ActionState, FormData>(createCalibratedJudgeAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  if (sources.length === 0) return <p className="muted">No judge has scored a turn yet. Import scores, or run a judge, first.</p>;
  const options = sources.map((judge) => ({ value: String(judge.id), label: `${judge.name} ${judge.version} (${judge.kind}; ${judge.scores.toLocaleString("en")} scores)` }));
  return (
    <form action={action} className="form" noValidate aria-label="New calibrated judge">
      <SelectField label="Judge to calibrate" name="source" options={options} defaultValue={values?.source ?? String(defaultSource ?? options[0].value)} error={errors?.source} />
      <Field
        label="Name"
        name="name"
        defaultValue={values?.name ?? ""}
        placeholder="e.g. heuristic calibrated"
        hint="A name used before by a calibrated judge becomes its next version."
        required
        error={errors?.name}
      />
      <p className="field-hint">
        Fits a monotone map from the judge&apos;s score to the human level (overall ratings), and gives every turn the judge scored a calibrated score.
        Rated turns are calibrated by a map fitted on other sessions only (5 folds by session), so the figures on them stay honest. Needs rated turns in
        at least 5 sessions.
      </p>
      <div className="form-actions">
        <SubmitButton pendingText="Calibrating…">Create calibrated judge</SubmitButton>
      </div>
      <div className="form-result">
        <FormResult state={state} />
      </div>
    </form>
  );
}
