"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useActionState, useState } from "react";
import { startRunAction } from "@/app/settings/judges/runs/actions";
import { Alert } from "@/components/ui/alert";
import { Field, SelectField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { MAX_RUN_ITEMS, RUN_SCOPES, TASK_LABELS, type RunScopeKind } from "@/lib/llm-judge/run.schema";
import type { ActionState } from "@/lib/server/auth/guards";
import type { RunScopeOptions } from "@/lib/server/llm-judge/list-run-scope-options";
import styles from "./start-run-form.module.css";
import { JUDGE_RUNS_KEY } from "./use-judge-runs";

const SCOPE_LABELS: Record<RunScopeKind, string> = {
  session: "One session",
  persona: "One persona",
  unscored: "Anything not yet judged",
};

type Endpoint = { id: number; name: string; model: string };
type Props = { endpoints: Endpoint[] } & RunScopeOptions;
type FormState = ActionState & { submitted?: Record<string, string> };

function textEntries(formData: FormData): Record<string, string> {
  return Object.fromEntries([...formData.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string" && !entry[0].startsWith("$ACTION")));
}

/** Starts a run: an endpoint, a task (direct scoring or pairwise), a scope and a cap. */
export function StartRunForm(props: Props) {
  const queryClient = useQueryClient();
  const [state, action] = useActionState<FormState, FormData>(async (previous, formData) => {
    const result = await startRunAction(previous, formData);
    if (result.status === "ok") await queryClient.invalidateQueries({ queryKey: JUDGE_RUNS_KEY });
    return { ...result, submitted: textEntries(formData) };
  }, { status: "idle" });
  const values = state.status === "error" ? state.values : state.submitted;
  // A new form after each run started, so every field (selects too) shows what was sent.
  return <RunFields key={state.status === "ok" ? state.message : "form"} {...props} action={action} state={state} values={values} />;
}

function RunFields({ endpoints, sessions, personas, action, state, values }: Props & { action: (formData: FormData) => void; state: FormState; values?: Record<string, string> }) {
  const [scope, setScope] = useState<RunScopeKind>((values?.scope as RunScopeKind | undefined) ?? "unscored");
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form action={action} className={`form ${styles.grid}`} noValidate aria-label="Start a run">
      <SelectField label="Endpoint" name="endpointId" defaultValue={values?.endpointId} options={endpoints.map((endpoint) => ({ value: String(endpoint.id), label: endpoint.name }))} error={errors?.endpointId} />
      <SelectField
        label="Task"
        name="task"
        defaultValue={values?.task ?? "direct"}
        options={[
          { value: "direct", label: TASK_LABELS.direct },
          { value: "pairwise", label: TASK_LABELS.pairwise },
        ]}
        error={errors?.task}
      />
      <div className="field">
        <label htmlFor="field-scope">Scope</label>
        <select id="field-scope" name="scope" value={scope} onChange={(event) => setScope(event.target.value as RunScopeKind)}>
          {RUN_SCOPES.map((kind) => (
            <option key={kind} value={kind}>
              {SCOPE_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      {scope === "session" ? (
        <SelectField
          label="Session"
          name="sessionId"
          defaultValue={values?.sessionId}
          options={[{ value: "", label: sessions.length ? "Choose a session" : "No sessions yet" }, ...sessions.map((session) => ({ value: String(session.id), label: `${session.externalId} (${session.turnCount} turns)` }))]}
          error={errors?.sessionId}
        />
      ) : null}
      {scope === "persona" ? (
        <SelectField
          label="Persona"
          name="personaId"
          defaultValue={values?.personaId}
          options={[{ value: "", label: personas.length ? "Choose a persona" : "No turns yet" }, ...personas.map((persona) => ({ value: persona.personaId, label: `${persona.personaId} (${persona.turnCount} turns)` }))]}
          error={errors?.personaId}
        />
      ) : null}
      <Field label="At most (items)" name="limit" type="number" min={1} max={MAX_RUN_ITEMS} defaultValue={values?.limit ?? "100"} error={errors?.limit} hint="Turns to score, or pairs to compare (two requests each: positions swapped)." />
      <div className="form-actions">
        <SubmitButton pendingText="Starting…">Start run</SubmitButton>
      </div>
      <div className="form-result">
        {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
        {state.status === "ok" && state.message ? <Alert tone="success">{state.message}</Alert> : null}
      </div>
    </form>
  );
}
