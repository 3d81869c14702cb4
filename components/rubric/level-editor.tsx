"use client";

import type { CriterionType, RubricLevel } from "@/lib/rubric/rubric.schema";
import { NumberField } from "./criterion-type-fields";
import { LinesField, TextField } from "./lines-field";
import styles from "./rubric.module.css";

type Props = {
  idPrefix: string;
  level: RubricLevel;
  index: number;
  type: CriterionType;
  isLabelFixed: boolean;
  issues: Record<string, string>;
  onChange: (level: RubricLevel) => void;
  onRemove: (() => void) | null;
};

function legendOf(type: CriterionType, level: RubricLevel, index: number): string {
  const label = level.label || "…";
  if (type === "ordinal") return `Level ${level.value}: ${label}`;
  if (type === "numeric") return `Anchor ${index + 1}: ${label}`;
  return `Label ${index + 1}: ${label}`;
}

/**
 * One level of a scale, one label of a label criterion, or one anchor of a numeric one:
 * label, description, observable characteristics (required for levels only), an optional example.
 */
export function LevelEditor({ idPrefix, level, index, type, isLabelFixed, issues, onChange, onRemove }: Props) {
  const legend = legendOf(type, level, index);
  return (
    <fieldset className={styles.level}>
      <legend>{legend}</legend>
      <div className={type === "numeric" ? styles.anchorGrid : styles.levelGrid}>
        {type === "numeric" ? (
          <NumberField id={`${idPrefix}-value`} label="At value" value={level.value} error={issues.value} onChange={(value) => onChange({ ...level, value: value ?? Number.NaN })} />
        ) : null}
        <TextField
          id={`${idPrefix}-label`}
          label="Label"
          value={level.label}
          disabled={isLabelFixed}
          hint={isLabelFixed ? "The judge's level name" : undefined}
          onChange={(label) => onChange({ ...level, label })}
          error={issues.label}
        />
        <TextField id={`${idPrefix}-description`} label="Description" multiline value={level.description} onChange={(description) => onChange({ ...level, description })} error={issues.description} />
      </div>
      <LinesField
        id={`${idPrefix}-characteristics`}
        label={type === "ordinal" ? "Observable characteristics, one per line" : "Observable characteristics, one per line (optional)"}
        lines={level.characteristics}
        onChange={(characteristics) => onChange({ ...level, characteristics })}
        error={issues.characteristics}
      />
      <TextField id={`${idPrefix}-example`} label="Example (optional)" multiline value={level.example ?? ""} onChange={(example) => onChange({ ...level, example })} error={issues.example} />
      {onRemove ? (
        <button type="button" className="button button-danger button-small" onClick={onRemove}>
          Remove {legend.split(":")[0].toLowerCase()}
        </button>
      ) : null}
    </fieldset>
  );
}
