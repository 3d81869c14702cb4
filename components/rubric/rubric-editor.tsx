"use client";

import { useActionState, useState } from "react";
import { saveRubricAction } from "@/app/settings/rubric/actions";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { CRITERION_TEMPLATES } from "@/lib/rubric/criterion-templates";
import { rubricContentSchema, type ActiveRubric, type Criterion, type RubricContent } from "@/lib/rubric/rubric.schema";
import { tidyRubric } from "@/lib/rubric/save-rubric.schema";
import { CriterionEditor } from "./criterion-editor";
import { TextField } from "./lines-field";
import styles from "./rubric.module.css";

function blankCriterion(taken: string[]): Criterion {
  let n = 1;
  while (taken.includes(`criterion_${n}`)) n++;
  return {
    key: `criterion_${n}`,
    name: "",
    description: "",
    strictness: "balanced",
    type: "ordinal",
    guidelines: [],
    levels: [1, 2, 3].map((value) => ({ value, label: ["Low", "Medium", "High"][value - 1], description: "", characteristics: [""] })),
    edgeCases: [],
    personas: [],
    isRequired: false,
  };
}

/** Problems from the schema, keyed by path ("criteria.1.levels.0.description"). */
function issuesOf(content: RubricContent): Record<string, string> {
  const result = rubricContentSchema.safeParse(tidyRubric(content));
  const issues: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) issues[issue.path.join(".")] ??= issue.message;
  return issues;
}

/** The admin's rubric editor: criteria, their scales and texts; saving makes a new version. */
export function RubricEditor({ rubric }: { rubric: ActiveRubric }) {
  const [content, setContent] = useState(rubric.content);
  // Stable keys for the criteria while they are added and removed (a key may be edited).
  const [ids, setIds] = useState(() => rubric.content.criteria.map((_, index) => index));
  const [note, setNote] = useState("");
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [state, action] = useActionState(saveRubricAction, { status: "idle" });
  const keys = content.criteria.map((criterion) => criterion.key);
  const templates = CRITERION_TEMPLATES.filter((template) => !keys.includes(template.key));

  function setCriteria(criteria: Criterion[], nextIds: number[]) {
    setContent({ ...content, criteria });
    setIds(nextIds);
  }
  function add(criterion: Criterion) {
    setCriteria([...content.criteria, criterion], [...ids, Math.max(...ids) + 1]);
  }
  function save(formData: FormData) {
    const found = issuesOf(content);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    formData.set("content", JSON.stringify(tidyRubric(content)));
    action(formData);
  }
  const criterionIssues = (index: number) => {
    const prefix = `criteria.${index}.`;
    return Object.fromEntries(Object.entries(issues).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])));
  };
  const count = Object.keys(issues).length;

  return (
    <form action={save} className={styles.editor} noValidate aria-label="Edit the rubric">
      <input type="hidden" name="basedOnVersionId" value={rubric.versionId} />
      <section aria-labelledby="criteria-heading">
        <h2 id="criteria-heading">Criteria</h2>
        <div className={styles.criteria}>
          {content.criteria.map((criterion, index) => (
            <CriterionEditor
              key={ids[index]}
              criterion={criterion}
              index={index}
              issues={criterionIssues(index)}
              onChange={(next) => setCriteria(content.criteria.map((old, i) => (i === index ? next : old)), ids)}
              onRemove={index === 0 ? null : () => setCriteria(content.criteria.filter((_, i) => i !== index), ids.filter((_, i) => i !== index))}
            />
          ))}
        </div>
        <div className={styles.addRow}>
          <span className="muted">Add a criterion:</span>
          {templates.map((template) => (
            <button key={template.key} type="button" className="button button-secondary button-small" onClick={() => add(structuredClone(template))}>
              {template.name} (1–{template.levels.length}
              {template.personas.length > 0 ? `, ${template.personas.join(", ")} only` : ""})
            </button>
          ))}
          <button type="button" className="button button-secondary button-small" onClick={() => add(blankCriterion(keys))}>
            Blank criterion
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="rationale-heading">
        <h2 id="rationale-heading">Rationale field</h2>
        <div className={styles.fieldGrid}>
          <TextField id="rationale-label" label="Label" value={content.rationale.label} onChange={(label) => setContent({ ...content, rationale: { ...content.rationale, label } })} error={issues["rationale.label"]} />
          <TextField id="rationale-hint" label="Hint" value={content.rationale.hint} onChange={(hint) => setContent({ ...content, rationale: { ...content.rationale, hint } })} error={issues["rationale.hint"]} />
        </div>
      </section>
      <section className={`card ${styles.saveBar}`} aria-label="Save">
        <TextField id="rubric-note" label="What changed (kept in the history)" value={note} onChange={setNote} error={state.status === "error" ? state.fieldErrors?.note : undefined} />
        <input type="hidden" name="note" value={note} />
        <div className={styles.saveActions}>
          <SubmitButton pendingText="Saving…">Save as version {rubric.version + 1}</SubmitButton>
          {count > 0 ? <span className="field-error">{count} problem{count === 1 ? "" : "s"} to fix above.</span> : null}
        </div>
        <FormResult state={state} />
      </section>
    </form>
  );
}
