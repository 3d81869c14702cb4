"use client";

import { useActionState } from "react";
import { saveGeneratedCriterionAction } from "@/app/settings/judges/rubric/actions";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { RubricDraft } from "@/lib/llm-judge/rubric-generation.schema";
import type { CriterionType } from "@/lib/rubric/rubric.schema";
import type { ActionState } from "@/lib/server/auth/guards";
import styles from "./rubric.module.css";

const ENTRY_NAMES: Record<CriterionType, string> = { ordinal: "Level", binary: "Label", categorical: "Label", multilabel: "Label", numeric: "Anchor" };

/**
 * A generated rubric criterion for review: its levels (labels, or anchors on a numeric scale), edge cases and guidelines, then its
 * JSON — editable — and a form that saves it as a new version of the rubric.
 */
export function RubricDraftView({ draft }: { draft: RubricDraft }) {
  const { criterion } = draft;
  const json = JSON.stringify(criterion, null, 2);
  const [state, action] = useActionState<ActionState, FormData>(saveGeneratedCriterionAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <section className={`card section ${styles.draft}`} aria-label="Generated rubric">
      <div className={styles.draftHeader}>
        <h2>{criterion.name}</h2>
        <Badge tone="accent">{criterion.strictness}</Badge>
        <Badge>{criterion.type}</Badge>
        {criterion.type === "binary" ? <Badge tone="success">positive: {criterion.positive}</Badge> : null}
        {criterion.type === "numeric" ? (
          <Badge>
            {criterion.min} to {criterion.max}
          </Badge>
        ) : null}
        <Badge>{draft.domain}</Badge>
      </div>
      <p className="muted">{criterion.description}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{ENTRY_NAMES[criterion.type]}</th>
              <th scope="col">Description</th>
              <th scope="col">Characteristics</th>
            </tr>
          </thead>
          <tbody>
            {criterion.levels.map((level) => (
              <tr key={level.value}>
                <td className="strong">
                  {level.value} · {level.label}
                </td>
                <td>{level.description}</td>
                <td>
                  <ul className={styles.list}>
                    {level.characteristics.map((trait) => (
                      <li key={trait}>{trait}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className={styles.subheading}>Edge cases</h3>
      <ul className={styles.list}>
        {criterion.edgeCases.map((edge) => (
          <li key={edge.situation}>
            <span className="strong">{edge.situation}</span> — {edge.guidance}
          </li>
        ))}
      </ul>
      {criterion.guidelines.length > 0 ? (
        <>
          <h3 className={styles.subheading}>Scoring guidelines</h3>
          <ul className={styles.list}>
            {criterion.guidelines.map((guideline) => (
              <li key={guideline}>{guideline}</li>
            ))}
          </ul>
        </>
      ) : null}
      <form action={action} className={`form ${styles.save}`} aria-label="Save as a rubric version">
        <h3 className={styles.subheading}>Save as a rubric version</h3>
        <p className="muted">
          Edit the JSON if needed. Saving adds this criterion to the active rubric (or replaces the criterion with the key <code>{criterion.key}</code>) as a new version, which raters and the LLM judge then use.
        </p>
        <label htmlFor="draft-criterion" className="visually-hidden">
          Criterion as JSON
        </label>
        <textarea id="draft-criterion" name="criterion" className={styles.json} defaultValue={json} rows={Math.min(24, json.split("\n").length)} spellCheck={false} aria-invalid={errors?.criterion ? true : undefined} />
        {errors?.criterion ? <p className="field-error">{errors.criterion}</p> : null}
        <div className={styles.saveFields}>
          <Field label="Personas" name="personas" placeholder="all personas" hint="Comma-separated persona ids this criterion applies to (e.g. antithesis); empty for all." error={errors?.personas} />
          <Field label="Note" name="note" defaultValue={`Generated for ${draft.domain} (${criterion.strictness})`} required error={errors?.note} />
        </div>
        <div>
          <SubmitButton pendingText="Saving…">Save as new rubric version</SubmitButton>
        </div>
        {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
        {state.status === "ok" && state.message ? <Alert tone="success">{state.message}</Alert> : null}
      </form>
    </section>
  );
}
