"use client";

import { useActionState } from "react";
import { createPanelAction } from "@/app/settings/judges/panels/actions";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { PANEL_AGGREGATES, PANEL_RULE_NAMES } from "@/lib/panels/panel.schema";
import type { ActionState } from "@/lib/server/auth/guards";
import type { JudgeOption } from "@/lib/server/panels/list-panels";
import styles from "./panels.module.css";

/** The "New panel" form: a name, the rule, and the member judges (their order breaks a vote's ties). */
export function PanelForm({ candidates }: { candidates: JudgeOption[] }) {
  const [state, action] = useActionState<ActionState, FormData>(createPanelAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  if (candidates.length < 2) return <p className="muted">A panel needs at least two judges. Import scores from another judge, or run an LLM judge, first.</p>;
  return (
    <form action={action} className="form" noValidate aria-label="New panel">
      <Field label="Name" name="name" defaultValue={values?.name ?? ""} placeholder="e.g. three-model panel" required error={errors?.name} />
      <fieldset className={styles.fieldset}>
        <legend>How the members' answers are combined</legend>
        {PANEL_AGGREGATES.map((rule) => (
          <label key={rule} className={styles.option}>
            <input type="radio" name="aggregate" value={rule} defaultChecked={(values?.aggregate ?? "mean") === rule} /> {PANEL_RULE_NAMES[rule]}
          </label>
        ))}
        {errors?.aggregate ? <p className="field-error">{errors.aggregate}</p> : null}
      </fieldset>
      <fieldset className={styles.fieldset} aria-describedby="panel-members-hint">
        <legend>Members</legend>
        <p id="panel-members-hint" className="field-hint">
          Pick two or more. The panel answers the turns every member answered: scores for the mean and median, labels for the vote.
        </p>
        <ul className={styles.members}>
          {candidates.map((judge) => (
            <li key={judge.id}>
              <label className={styles.option}>
                <input type="checkbox" name={`member-${judge.id}`} defaultChecked={values?.[`member-${judge.id}`] === "on"} /> {judge.name} {judge.version}{" "}
                <span className="muted">
                  ({judge.kind}; {judge.scores.toLocaleString("en")} scores, {judge.labels.toLocaleString("en")} labels)
                </span>
              </label>
            </li>
          ))}
        </ul>
        {errors?.members ? <p className="field-error">{errors.members}</p> : null}
      </fieldset>
      <div className="form-actions">
        <SubmitButton pendingText="Creating…">Create panel</SubmitButton>
      </div>
      <div className="form-result">
        <FormResult state={state} />
      </div>
    </form>
  );
}
