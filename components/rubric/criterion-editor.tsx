"use client";

import { fewestLevels, nextLevel, renumberLevels } from "@/lib/rubric/criterion-type-switch";
import { OVERALL_CRITERION, STRICTNESS_LEVELS, type Criterion, type Strictness } from "@/lib/rubric/rubric.schema";
import { CriterionTypeFields } from "./criterion-type-fields";
import { LevelEditor } from "./level-editor";
import { LinesField, TextField } from "./lines-field";
import styles from "./rubric.module.css";

type Props = {
  criterion: Criterion;
  index: number;
  /** Problems keyed by path inside this criterion, e.g. "levels.0.description". */
  issues: Record<string, string>;
  onChange: (criterion: Criterion) => void;
  onRemove: (() => void) | null;
};

function within(issues: Record<string, string>, prefix: string): Record<string, string> {
  const inner: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) if (path.startsWith(`${prefix}.`)) inner[path.slice(prefix.length + 1)] = message;
  return inner;
}

const LEVELS_HEADING: Record<Criterion["type"], string> = {
  ordinal: "Levels, lowest first",
  binary: "The two labels, in the order raters see them",
  categorical: "Labels, in the order raters see them (number keys 1…9, 0)",
  multilabel: "Labels raters may tick (any number of them)",
  numeric: "Anchors on the scale (optional), lowest first",
};

/** "ordinal · 4 levels", "binary · Pass / Fail", "numeric · 0–10". */
function shape(criterion: Criterion): string {
  const count = criterion.levels.length;
  if (criterion.type === "numeric") return `numeric · ${criterion.min ?? "?"}–${criterion.max ?? "?"}`;
  if (criterion.type === "binary") return `binary · ${criterion.levels.map((level) => level.label).join(" / ")}`;
  return `${criterion.type} · ${count} ${criterion.type === "ordinal" ? "levels" : "labels"}`;
}

/** One criterion of the rubric: its type, its levels or labels, guidelines and edge cases. */
export function CriterionEditor({ criterion, index, issues, onChange, onRemove }: Props) {
  const isOverall = criterion.key === OVERALL_CRITERION && index === 0;
  const id = `criterion-${index}`;
  const set = <K extends keyof Criterion>(key: K, value: Criterion[K]) => onChange({ ...criterion, [key]: value });
  const renumber = (levels: Criterion["levels"]) => (criterion.type === "numeric" ? levels : renumberLevels(levels));
  const setLevel = (levelIndex: number, next: Criterion["levels"][number]) => {
    const old = criterion.levels[levelIndex];
    const levels = criterion.levels.map((level, i) => (i === levelIndex ? next : level));
    // A renamed positive label stays the positive one.
    onChange({ ...criterion, levels, ...(criterion.type === "binary" && criterion.positive === old.label ? { positive: next.label } : {}) });
  };
  const canAdd = !isOverall && criterion.type !== "binary" && criterion.levels.length < 10;
  const problemCount = Object.keys(issues).length;
  return (
    <details className={styles.criterion} open={index === 0 || problemCount > 0} aria-label={`Criterion ${index + 1}: ${criterion.name || "new"}`}>
      <summary>
        <span className={styles.criterionName}>{criterion.name || "New criterion"}</span>
        <span className="muted">
          {shape(criterion)} · {criterion.personas.length > 0 ? criterion.personas.join(", ") : "every persona"}
          {criterion.isRequired ? " · required" : " · optional"}
        </span>
        {problemCount > 0 ? <span className="badge badge-danger">{problemCount} to fix</span> : null}
      </summary>
      <div className={styles.criterionBody}>
        <div className={styles.fieldGrid}>
          <TextField id={`${id}-name`} label="Name" value={criterion.name} onChange={(name) => set("name", name)} error={issues.name} />
          <TextField id={`${id}-key`} label="Key" value={criterion.key} disabled={isOverall} hint="Stored with each rating" onChange={(key) => set("key", key)} error={issues.key} />
          <div className="field">
            <label htmlFor={`${id}-strictness`}>Strictness</label>
            <select id={`${id}-strictness`} value={criterion.strictness} onChange={(event) => set("strictness", event.target.value as Strictness)}>
              {STRICTNESS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CriterionTypeFields id={id} criterion={criterion} isOverall={isOverall} issues={issues} onChange={onChange} />
        <TextField id={`${id}-description`} label="What it measures" multiline value={criterion.description} onChange={(description) => set("description", description)} error={issues.description} />
        <div className={styles.fieldGrid}>
          <LinesField
            id={`${id}-personas`}
            label="Only for personas (one id per line)"
            hint={isOverall ? "Overall quality applies to every persona" : "Empty: every persona"}
            lines={criterion.personas}
            rows={1}
            onChange={(personas) => set("personas", personas)}
            error={issues.personas}
          />
          <label className={styles.checkbox}>
            <input type="checkbox" checked={criterion.isRequired} disabled={isOverall} onChange={(event) => set("isRequired", event.target.checked)} /> Raters must answer it
          </label>
        </div>
        <LinesField id={`${id}-guidelines`} label="Scoring guidelines, one per line" lines={criterion.guidelines} onChange={(guidelines) => set("guidelines", guidelines)} error={issues.guidelines} />
        <h4 className={styles.subheading}>{LEVELS_HEADING[criterion.type]}</h4>
        {issues.levels ? <p className="field-error">{issues.levels}</p> : null}
        {criterion.levels.map((level, levelIndex) => (
          <LevelEditor
            key={levelIndex}
            idPrefix={`${id}-level-${levelIndex}`}
            level={level}
            index={levelIndex}
            type={criterion.type}
            isLabelFixed={isOverall}
            issues={within(issues, `levels.${levelIndex}`)}
            onChange={(next) => setLevel(levelIndex, next)}
            onRemove={!isOverall && criterion.levels.length > fewestLevels(criterion.type) && criterion.type !== "binary" ? () => set("levels", renumber(criterion.levels.filter((_, i) => i !== levelIndex))) : null}
          />
        ))}
        {canAdd ? (
          <button type="button" className="button button-secondary button-small" onClick={() => set("levels", [...criterion.levels, nextLevel(criterion)])}>
            {criterion.type === "ordinal" ? "Add a level" : criterion.type === "numeric" ? "Add an anchor" : "Add a label"}
          </button>
        ) : null}
        <h4 className={styles.subheading}>Edge cases</h4>
        {criterion.edgeCases.map((edge, edgeIndex) => (
          <div key={edgeIndex} className={styles.edgeCase}>
            <TextField
              id={`${id}-edge-${edgeIndex}-situation`}
              label="Situation"
              multiline
              value={edge.situation}
              onChange={(situation) => set("edgeCases", criterion.edgeCases.map((old, i) => (i === edgeIndex ? { ...old, situation } : old)))}
              error={issues[`edgeCases.${edgeIndex}.situation`]}
            />
            <TextField
              id={`${id}-edge-${edgeIndex}-guidance`}
              label="Guidance"
              multiline
              value={edge.guidance}
              onChange={(guidance) => set("edgeCases", criterion.edgeCases.map((old, i) => (i === edgeIndex ? { ...old, guidance } : old)))}
              error={issues[`edgeCases.${edgeIndex}.guidance`]}
            />
            <button type="button" className="button button-danger button-small" onClick={() => set("edgeCases", criterion.edgeCases.filter((_, i) => i !== edgeIndex))}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="button button-secondary button-small" onClick={() => set("edgeCases", [...criterion.edgeCases, { situation: "", guidance: "" }])}>
          Add an edge case
        </button>
        {onRemove ? (
          <div className={styles.removeCriterion}>
            <button type="button" className="button button-danger" onClick={onRemove}>
              Remove the criterion “{criterion.name}”
            </button>
          </div>
        ) : null}
      </div>
    </details>
  );
}
