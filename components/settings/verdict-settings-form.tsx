"use client";

import { useActionState, useState } from "react";
import { updateVerdictSettingsAction } from "@/app/settings/verdict/actions";
import { describedBy, Field, FieldFrame } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { criterionSettings, EPSILON_PRESETS, type Alignment, type VerdictSettings } from "@/lib/agreement/verdict-settings.schema";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";
import styles from "./verdict-settings-form.module.css";

export type CriterionOption = { key: string; label: string };

/** The value of "Any other criterion": the form sends no criterion, and the default is set. */
const DEFAULT_CRITERION = "";

const ALIGNMENT_OPTIONS: ReadonlyArray<{ value: Alignment; label: string }> = [
  { value: "accuracy", label: "Accuracy: share of equal levels" },
  { value: "neg_rmse", label: "−RMSE: distance between levels" },
];

const PRESETS_HINT = `How much worse than a rater the judge may be, since it is cheaper and faster. Suggested: ${EPSILON_PRESETS.map((preset) => preset.label).join(", ")}.`;

/** The bars of the verdicts, and the alt-test's ε and alignment for one criterion at a time. */
export function VerdictSettingsForm({ settings, criteria }: { settings: VerdictSettings; criteria: CriterionOption[] }) {
  const [state, action] = useActionState(updateVerdictSettingsAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const [criterion, setCriterion] = useState(DEFAULT_CRITERION);
  const current = criterionSettings(settings, criterion === DEFAULT_CRITERION ? null : criterion);
  return (
    // React resets a form after its action; this one keeps what was typed instead (after a save
    // that is what is stored, after a refusal what to correct), and so keeps the chosen criterion.
    <form action={action} onReset={(event) => event.preventDefault()} className={styles.form} noValidate aria-label="Verdict settings">
      <fieldset className={styles.group}>
        <legend>Bars</legend>
        <div className={styles.grid}>
          <Field
            label="Judge–human κ at least"
            name="kappaMin"
            type="number"
            step="0.01"
            min={-1}
            max={1}
            defaultValue={settings.kappaMin}
            error={errors?.kappaMin}
            hint="Quadratic-weighted κ; above 0.60 is substantial agreement."
          />
          <Field
            label="Human–human α at least"
            name="alphaMin"
            type="number"
            step="0.001"
            min={-1}
            max={1}
            defaultValue={settings.alphaMin}
            error={errors?.alphaMin}
            hint="Below it the ratings themselves are too noisy to judge the judge by. 0.667 is the usual lowest acceptable α."
          />
          <Field
            label="Judge minus humans (κ − α) at least"
            name="gapMin"
            type="number"
            step="0.01"
            min={-2}
            max={2}
            defaultValue={settings.gapMin}
            error={errors?.gapMin}
            hint="How far below the raters' own agreement the judge may sit, e.g. −0.10."
          />
          <Field
            label="Target interval half-width (±)"
            name="targetHalfWidth"
            type="number"
            step="0.01"
            min={0}
            max={1}
            defaultValue={settings.targetHalfWidth}
            error={errors?.targetHalfWidth}
            hint="The report counts the ratings that would narrow each interval to this."
          />
          <FieldFrame inputId="field-passLevel" label="Pass level" hint="Turns at or above this level count as passing." error={errors?.passLevel}>
            <select
              id="field-passLevel"
              name="passLevel"
              defaultValue={settings.passLevel}
              aria-invalid={errors?.passLevel ? true : undefined}
              aria-describedby={describedBy("field-passLevel", true, errors?.passLevel)}
            >
              {QUALITY_LEVELS.map((name, index) => (
                <option key={name} value={index + 1}>
                  {index + 1} {name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <Field
            label="Bootstrap replicates"
            name="replicates"
            type="number"
            step="100"
            min={200}
            max={20000}
            defaultValue={settings.replicates}
            error={errors?.replicates}
            hint="Resamples behind the rater-aware intervals: more is steadier and slower. 2,000 is plenty."
          />
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Can the judge replace a rater?</legend>
        <div className={`${styles.grid} ${styles.wide}`}>
          <FieldFrame
            inputId="field-criterion"
            label="Criterion"
            hint="A criterion without settings of its own takes those of “Any other criterion”."
            error={errors?.criterion}
          >
            <select
              id="field-criterion"
              name="criterion"
              value={criterion}
              onChange={(event) => setCriterion(event.target.value)}
              aria-describedby={describedBy("field-criterion", true, errors?.criterion)}
            >
              <option value={DEFAULT_CRITERION}>Any other criterion</option>
              {criteria.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                  {settings.criteria[option.key] ? "" : " (uses the default)"}
                </option>
              ))}
            </select>
          </FieldFrame>
          {/* Keyed by criterion: choosing another one shows its own values. */}
          <CriterionFields key={criterion} epsilon={current.epsilon} alignment={current.alignment} errors={errors} />
        </div>
      </fieldset>
      <div>
        <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
      </div>
      <FormResult state={state} />
    </form>
  );
}

function CriterionFields({ epsilon, alignment, errors }: { epsilon: number; alignment: Alignment; errors?: Record<string, string> }) {
  return (
    <>
      <Field label="ε (allowance for the judge)" name="epsilon" type="number" step="0.01" min={0} max={0.5} defaultValue={epsilon} error={errors?.epsilon} hint={PRESETS_HINT} />
      <FieldFrame
        inputId="field-alignment"
        label="Compare levels by"
        hint="Accuracy counts only exact matches; −RMSE counts how far apart levels are, so Good against Excellent is closer than Poor against Excellent."
        error={errors?.alignment}
      >
        <select
          id="field-alignment"
          name="alignment"
          defaultValue={alignment}
          aria-invalid={errors?.alignment ? true : undefined}
          aria-describedby={describedBy("field-alignment", true, errors?.alignment)}
        >
          {ALIGNMENT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldFrame>
    </>
  );
}
