"use client";

import { describedBy, FieldFrame } from "@/components/ui/field";
import { withCriterionType } from "@/lib/rubric/criterion-type-switch";
import { CRITERION_TYPES, type Criterion, type CriterionType } from "@/lib/rubric/rubric.schema";
import styles from "./rubric.module.css";

export const TYPE_NAMES: Record<CriterionType, string> = {
  ordinal: "Ordinal scale (levels)",
  binary: "Binary (two labels, one positive)",
  categorical: "Categorical (one label of a list)",
  multilabel: "Multi-label (any labels of a list)",
  numeric: "Numeric (a number in a range)",
};

type Props = { id: string; criterion: Criterion; isOverall: boolean; issues: Record<string, string>; onChange: (criterion: Criterion) => void };

/** The criterion's type, and the fields only some types have: binary's positive label, numeric's range. */
export function CriterionTypeFields({ id, criterion, isOverall, issues, onChange }: Props) {
  const typeHint = isOverall ? "Overall quality is always an ordinal scale" : undefined;
  return (
    <div className={styles.fieldGrid}>
      <FieldFrame inputId={`${id}-type`} label="Type" hint={typeHint} error={issues.type}>
        <select
          id={`${id}-type`}
          value={criterion.type}
          disabled={isOverall}
          aria-describedby={describedBy(`${id}-type`, typeHint, issues.type)}
          onChange={(event) => onChange(withCriterionType(criterion, event.target.value as CriterionType))}
        >
          {CRITERION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </FieldFrame>
      {criterion.type === "binary" ? (
        <FieldFrame inputId={`${id}-positive`} label="Positive label" error={issues.positive}>
          <select
            id={`${id}-positive`}
            value={criterion.positive ?? ""}
            aria-invalid={issues.positive ? true : undefined}
            aria-describedby={describedBy(`${id}-positive`, null, issues.positive)}
            onChange={(event) => onChange({ ...criterion, positive: event.target.value })}
          >
            {criterion.levels.map((level) => (
              <option key={level.value} value={level.label}>
                {level.label}
              </option>
            ))}
          </select>
        </FieldFrame>
      ) : null}
      {criterion.type === "numeric" ? (
        <>
          <NumberField id={`${id}-min`} label="Lowest value" value={criterion.min} error={issues.min} onChange={(min) => onChange({ ...criterion, min })} />
          <NumberField id={`${id}-max`} label="Highest value" value={criterion.max} error={issues.max} onChange={(max) => onChange({ ...criterion, max })} />
        </>
      ) : null}
    </div>
  );
}

/** A labelled number input bound to a number (undefined while empty). */
export function NumberField({ id, label, value, error, onChange }: { id: string; label: string; value: number | undefined; error?: string; onChange: (value: number | undefined) => void }) {
  return (
    <FieldFrame inputId={id} label={label} error={error}>
      <input
        id={id}
        type="number"
        step="any"
        value={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, null, error)}
        onChange={(event) => onChange(event.target.value === "" || !Number.isFinite(Number(event.target.value)) ? undefined : Number(event.target.value))}
      />
    </FieldFrame>
  );
}
