"use client";

import type { ChangeEvent } from "react";

export type ImportFormState = {
  mode: "log" | "generic";
  replace: boolean;
  sessionId: string;
  seedPrompt: string;
  itemField: string;
  textField: string;
  groupField: string;
  dimensionField: string;
  judgeField: string;
  humanFields: string;
  annotatorField: string;
  judgeName: string;
  confidenceField: string;
  generatorModelField: string;
  judgeModel: string;
  /** One NAME=TYPE declaration per line. */
  criterionTypes: string;
  isDryRun: boolean;
};

export const INITIAL_FORM: ImportFormState = {
  mode: "log",
  replace: false,
  sessionId: "",
  seedPrompt: "",
  itemField: "",
  textField: "",
  groupField: "",
  dimensionField: "",
  judgeField: "",
  humanFields: "",
  annotatorField: "",
  judgeName: "",
  confidenceField: "",
  generatorModelField: "",
  judgeModel: "",
  criterionTypes: "",
  isDryRun: false,
};

type TextKey = Exclude<keyof ImportFormState, "mode" | "replace" | "isDryRun" | "criterionTypes">;

const GENERIC_FIELDS: { key: TextKey; label: string; placeholder: string; hint?: string }[] = [
  { key: "itemField", label: "Item id field", placeholder: "item_id" },
  { key: "judgeField", label: "Judge score field", placeholder: "judge_score" },
  { key: "humanFields", label: "Human score fields", placeholder: "human_score", hint: "Comma-separated; human_* matches every field starting with human_." },
  { key: "annotatorField", label: "Annotator field", placeholder: "annotator" },
  { key: "textField", label: "Text field", placeholder: "text" },
  { key: "groupField", label: "Group field", placeholder: "group_id" },
  { key: "dimensionField", label: "Dimension field", placeholder: "dimension" },
  { key: "judgeName", label: "Judge name", placeholder: "the file name", hint: 'Scores are stored as judge "imported:<name>".' },
  { key: "confidenceField", label: "Judge confidence field (optional)", placeholder: "none", hint: "A number from 0 to 1, kept with the judge's labels." },
  { key: "generatorModelField", label: "Generator model field", placeholder: "generator_model", hint: "The model that wrote each item's text, when the rows say." },
  { key: "judgeModel", label: "Judge's model (optional)", placeholder: "none", hint: "e.g. gpt-4o-mini: the report checks whether the judge favours its own model family." },
];

/** The options every file of the next upload gets; `errors` come from the shared Zod schemas. */
export function ImportOptionsForm({
  value,
  errors,
  onChange,
}: {
  value: ImportFormState;
  errors: Partial<Record<keyof ImportFormState, string>>;
  onChange: (next: ImportFormState) => void;
}) {
  const set = (key: keyof ImportFormState) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const target = event.target;
    onChange({ ...value, [key]: target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value });
  };
  const text = (key: TextKey, label: string, placeholder: string, hint?: string) => (
    <div className="field" key={key}>
      <label htmlFor={`import-${key}`}>{label}</label>
      <input
        id={`import-${key}`}
        value={value[key]}
        placeholder={placeholder}
        onChange={set(key)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={[hint ? `import-${key}-hint` : "", errors[key] ? `import-${key}-error` : ""].join(" ").trim() || undefined}
      />
      {hint ? <p id={`import-${key}-hint`} className="field-hint">{hint}</p> : null}
      {errors[key] ? <p id={`import-${key}-error`} className="field-error">{errors[key]}</p> : null}
    </div>
  );
  return (
    <div className="form">
      <fieldset className="import-mode">
        <legend>What the files hold</legend>
        <label>
          <input type="radio" name="import-mode" checked={value.mode === "log"} onChange={() => onChange({ ...value, mode: "log" })} /> Orchestrator logs
          (JSONL, one turn per line; a <code>.summary.json</code> dropped beside its log goes with it)
        </label>
        <label>
          <input type="radio" name="import-mode" checked={value.mode === "generic"} onChange={() => onChange({ ...value, mode: "generic" })} /> Generic
          judge-vs-human data (JSONL or CSV)
        </label>
      </fieldset>
      <div className="form-inline-grid">
        {text("sessionId", "Session id (optional)", "a hash of the content", "For records that name no session_id.")}
        {value.mode === "log" ? text("seedPrompt", "Seed prompt (optional)", "from the log", "For sessions whose log names none; the judge scores against it.") : null}
      </div>
      {value.mode === "generic" ? (
        <>
          <div className="form-inline-grid">{GENERIC_FIELDS.map((field) => text(field.key, field.label, field.placeholder, field.hint))}</div>
          <div className="field">
            <label htmlFor="import-criterionTypes">Criterion types (optional)</label>
            <textarea
              id="import-criterionTypes"
              rows={3}
              value={value.criterionTypes}
              placeholder={"safety=binary:pass\nintent=categorical:ask,tell,other"}
              onChange={set("criterionTypes")}
              aria-invalid={errors.criterionTypes ? true : undefined}
              aria-describedby={["import-criterionTypes-hint", errors.criterionTypes ? "import-criterionTypes-error" : ""].join(" ").trim()}
            />
            <p id="import-criterionTypes-hint" className="field-hint">
              One NAME=TYPE per line (ordinal, binary, categorical, multilabel, numeric; e.g. numeric:0:10). NAME is the dimension, or
              overall. Criteria not listed get a type inferred from their values.
            </p>
            {errors.criterionTypes ? <p id="import-criterionTypes-error" className="field-error">{errors.criterionTypes}</p> : null}
          </div>
          <label className="import-checkbox">
            <input type="checkbox" checked={value.isDryRun} onChange={set("isDryRun")} /> Check only: validate and show the criterion types and counts,
            store nothing
          </label>
        </>
      ) : null}
      <label className="import-checkbox">
        <input type="checkbox" checked={value.replace} onChange={set("replace")} /> Replace existing sessions whose content differs (their
        turns, scores and ratings are deleted)
      </label>
    </div>
  );
}
