"use client";

import { HowComputed } from "@/components/ui/how-computed";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import type { ActionState } from "@/lib/server/auth/guards";
import type { SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import { CUTOFF_KEYS, type DraftFields } from "@/lib/thresholds/draft-fields";
import { personaLabel, WEIGHT_METRIC_LABELS, WEIGHT_METRICS } from "@/lib/thresholds/weights";
import styles from "./thresholds.module.css";

const CUTOFF_LABELS = { excellent: "Excellent ≥", good: "Good ≥", fair: "Fair ≥" } as const;

type Props = {
  fields: DraftFields;
  onFieldsChange: (update: (fields: DraftFields) => DraftFields) => void;
  note: string;
  onNoteChange: (note: string) => void;
  errors: Record<string, string>;
  state: ActionState<SavedThresholdVersion>;
  action: (formData: FormData) => void;
  isPending: boolean;
  draftJson: string;
  baseId: number;
  nextVersion: number;
  isDirty: boolean;
  isValid: boolean;
  onReset: () => void;
};

function rowSum(row: DraftFields["weights"][string]): number {
  return WEIGHT_METRICS.reduce((sum, metric) => sum + (Number(row[metric]) || 0), 0);
}

export function ThresholdsForm(props: Props) {
  const { fields, onFieldsChange, errors, state } = props;
  const setCutoff = (key: (typeof CUTOFF_KEYS)[number], value: string) => onFieldsChange((f) => ({ ...f, cutoffs: { ...f.cutoffs, [key]: value } }));
  const setWeight = (persona: string, metric: (typeof WEIGHT_METRICS)[number], value: string) =>
    onFieldsChange((f) => ({ ...f, weights: { ...f.weights, [persona]: { ...f.weights[persona], [metric]: value } } }));

  return (
    <form action={props.action} className={`card ${styles.editor}`} aria-label="Thresholds and weights" noValidate>
      <input type="hidden" name="draft" value={props.draftJson} />
      <input type="hidden" name="basedOnId" value={props.baseId} />
      <fieldset className={styles.group}>
        <legend>Quality cut-offs</legend>
        <p className="field-hint">The lowest overall score that still earns each level; a score below Fair is Poor. The orchestrator&apos;s defaults are 0.80, 0.65 and 0.50.</p>
        <HowComputed>
          <p>
            A turn&apos;s level: <code>Excellent if score ≥ Excellent cut-off, else Good if score ≥ Good cut-off, else Fair if score ≥ Fair cut-off, else Poor</code>.
            A session&apos;s level is the level of its average overall score.
          </p>
        </HowComputed>
        <div className={styles.cutoffs}>
          {CUTOFF_KEYS.map((key) => (
            <Field
              key={key}
              label={CUTOFF_LABELS[key]}
              name={`cutoffs.${key}`}
              inputMode="decimal"
              autoComplete="off"
              value={fields.cutoffs[key]}
              onChange={(event) => setCutoff(key, event.target.value)}
              error={errors[`cutoffs.${key}`]}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Persona weights</legend>
        <p className="field-hint">How much each metric counts in a persona&apos;s overall score. Critical intensity is measured for the antithesis only.</p>
        <HowComputed>
          <p>
            <code>overall = Σ weight × metric score</code> over length, sentiment, completeness, critical intensity and resonance, with the
            sentiment score taken as its absolute value (a strongly negative answer is as engaged as a strongly positive one).
          </p>
        </HowComputed>
        {Object.entries(fields.weights).map(([persona, row]) => {
          const sum = rowSum(row);
          return (
            <fieldset key={persona} className={styles.persona}>
              <legend>{personaLabel(persona)}</legend>
              <div className={styles.weights}>
                {WEIGHT_METRICS.map((metric) => (
                  <Field
                    key={metric}
                    id={`weight-${persona}-${metric}`}
                    label={WEIGHT_METRIC_LABELS[metric]}
                    name={`weights.${persona}.${metric}`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={row[metric]}
                    onChange={(event) => setWeight(persona, metric, event.target.value)}
                    error={errors[`weights.${persona}.${metric}`]}
                  />
                ))}
              </div>
              <p className={`field-hint ${Math.abs(sum - 1) > 1e-9 ? styles.sumOff : ""}`}>
                Sum {sum.toFixed(2)}
                {Math.abs(sum - 1) > 1e-9 ? " — scores can leave 0–1 when the weights do not sum to 1" : ""}
              </p>
            </fieldset>
          );
        })}
      </fieldset>

      <div className="field">
        <label htmlFor="threshold-note">Note</label>
        <textarea
          id="threshold-note"
          name="note"
          rows={2}
          value={props.note}
          onChange={(event) => props.onNoteChange(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? "threshold-note-error" : "threshold-note-hint"}
          className={styles.note}
        />
        {errors.note ? (
          <p id="threshold-note-error" className="field-error">
            {errors.note}
          </p>
        ) : (
          <p id="threshold-note-hint" className="field-hint">
            Required: what changed and why, for whoever reads the history later.
          </p>
        )}
      </div>

      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={props.isPending || !props.isDirty || !props.isValid} aria-busy={props.isPending || undefined}>
          {props.isPending ? "Saving…" : `Save as version ${props.nextVersion}`}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onReset} disabled={!props.isDirty || props.isPending}>
          Reset to the active values
        </button>
      </div>
      {!props.isDirty ? <p className="field-hint">Change a value to save a new version.</p> : null}
      {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
      {state.status === "ok" ? <Alert tone="success">{state.message}</Alert> : null}
    </form>
  );
}
