"use client";

import type { RubricLevel } from "@/lib/rubric/rubric.schema";
import { LinesField, TextField } from "./lines-field";
import styles from "./rubric.module.css";

type Props = {
  idPrefix: string;
  level: RubricLevel;
  isLabelFixed: boolean;
  issues: Record<string, string>;
  onChange: (level: RubricLevel) => void;
  onRemove: (() => void) | null;
};

/** One level of a scale: label, description, observable characteristics, an optional example. */
export function LevelEditor({ idPrefix, level, isLabelFixed, issues, onChange, onRemove }: Props) {
  return (
    <fieldset className={styles.level}>
      <legend>
        Level {level.value}: {level.label || "…"}
      </legend>
      <div className={styles.levelGrid}>
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
        label="Observable characteristics, one per line"
        lines={level.characteristics}
        onChange={(characteristics) => onChange({ ...level, characteristics })}
        error={issues.characteristics}
      />
      <TextField id={`${idPrefix}-example`} label="Example (optional)" multiline value={level.example ?? ""} onChange={(example) => onChange({ ...level, example })} error={issues.example} />
      {onRemove ? (
        <button type="button" className="button button-danger button-small" onClick={onRemove}>
          Remove level {level.value}
        </button>
      ) : null}
    </fieldset>
  );
}
