"use client";

import styles from "./segmented-control.module.css";

type Option<V extends string> = { value: V; label: string };

/** A small set of mutually exclusive choices, as radio buttons that look like a switch. */
export function SegmentedControl<V extends string>({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string;
  name: string;
  options: readonly Option<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className={styles.control}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
