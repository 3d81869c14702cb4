"use client";

import { useState } from "react";
import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./criterion-controls.module.css";

/** Whole steps on a short integer scale, else a hundredth of the range. */
function stepOf(min: number, max: number): number {
  return Number.isInteger(min) && Number.isInteger(max) && max - min <= 100 ? 1 : (max - min) / 100;
}

/**
 * A numeric criterion: a slider (arrow keys move it) and the same value as a number field
 * beside it, for typing an exact value; the rubric's anchors below. Unanswered until the
 * rater moves the slider or types, although the slider has to rest somewhere meanwhile.
 */
export function NumberScale({ criterion, value, onChange }: { criterion: Criterion; value: number | undefined; onChange: (value: number | undefined) => void }) {
  const min = criterion.min ?? 0;
  const max = criterion.max ?? 1;
  const step = stepOf(min, max);
  // The field's own text, so that "0." or "-" can be typed on the way to a number.
  const [draft, setDraft] = useState(value === undefined ? "" : String(value));
  const id = `criterion-${criterion.key}`;
  return (
    <div className={styles.numeric}>
      <input
        type="range"
        id={`${id}-slider`}
        aria-label={`${criterion.name} (slider)`}
        aria-valuetext={value === undefined ? "not set" : String(value)}
        min={min}
        max={max}
        step={step}
        value={value ?? (min + max) / 2}
        onChange={(event) => {
          const next = Number(event.target.value);
          setDraft(String(next));
          onChange(next);
        }}
      />
      <input
        type="number"
        id={`${id}-value`}
        aria-label={`${criterion.name} (value from ${min} to ${max})`}
        inputMode="decimal"
        min={min}
        max={max}
        step="any"
        placeholder="—"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          const typed = event.target.value.trim() === "" ? NaN : Number(event.target.value);
          onChange(Number.isFinite(typed) ? typed : undefined);
        }}
      />
      <div className={styles.ends} aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
      {criterion.levels.length > 0 ? (
        <ul className={styles.anchors} aria-label={`Anchors of ${criterion.name}`}>
          {criterion.levels.map((anchor) => (
            <li key={anchor.value}>
              <strong>
                {anchor.value} {anchor.label}
              </strong>
              : {anchor.description}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
