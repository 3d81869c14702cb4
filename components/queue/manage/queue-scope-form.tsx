"use client";

import { useActionState } from "react";
import { updateQueueScopeAction } from "@/app/queue/manage/actions";
import { Field, SelectField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { formatDateTime } from "@/lib/format";
import { isScopeEmpty, type QueueScope } from "@/lib/queue/settings.schema";
import type { ScopeOptions } from "@/lib/server/queue/list-scope-options";
import { FormResult } from "@/components/ui/form-result";
import styles from "./manage.module.css";

/** Limits the queue to a persona, an import and/or a date range; blank parts do not limit. */
export function QueueScopeForm({ scope, options }: { scope: QueueScope; options: ScopeOptions }) {
  const [state, action] = useActionState(updateQueueScopeAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const personas = scope.personaId && !options.personas.includes(scope.personaId) ? [...options.personas, scope.personaId] : options.personas;
  return (
    <form action={action} className={styles.stack} noValidate aria-label="Queue scope">
      <div className={styles.row}>
        <SelectField
          label="Persona"
          name="personaId"
          defaultValue={scope.personaId ?? ""}
          options={[{ value: "", label: "All personas" }, ...personas.map((persona) => ({ value: persona, label: persona }))]}
          error={errors?.personaId}
        />
        <SelectField
          label="Import"
          name="importId"
          defaultValue={scope.importId ? String(scope.importId) : ""}
          options={[
            { value: "", label: "All imports" },
            ...options.imports.map((entry) => ({ value: String(entry.id), label: `#${entry.id} ${entry.label} (${entry.turnCount} turns, ${formatDateTime(entry.createdAt)})` })),
          ]}
          error={errors?.importId}
        />
        <Field label="From" name="from" type="date" defaultValue={scope.from ?? ""} error={errors?.from} />
        <Field label="To" name="to" type="date" defaultValue={scope.to ?? ""} error={errors?.to} />
      </div>
      <p className="field-hint">
        {isScopeEmpty(scope) ? "The queue serves every scored turn." : "Raters get only turns inside the scope; dates are the turn's time (UTC), inclusive."}
      </p>
      <div>
        <SubmitButton pendingText="Saving…">Save scope</SubmitButton>
      </div>
      <FormResult state={state} />
    </form>
  );
}
