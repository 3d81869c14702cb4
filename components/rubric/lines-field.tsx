"use client";

import { describedBy, FieldFrame } from "@/components/ui/field";

/** A textarea for a list of short texts, one per line (blank lines are dropped on save). */
export function LinesField({ id, label, hint, lines, onChange, error, rows = 3 }: {
  id: string;
  label: string;
  hint?: string;
  lines: string[];
  onChange: (lines: string[]) => void;
  error?: string;
  rows?: number;
}) {
  return (
    <FieldFrame inputId={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={Math.max(rows, lines.length)}
        value={lines.join("\n")}
        onChange={(event) => onChange(event.target.value.split("\n"))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

/** A labelled single-line or multi-line text input bound to a string. */
export function TextField({ id, label, value, onChange, error, multiline = false, disabled = false, hint }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  multiline?: boolean;
  disabled?: boolean;
  hint?: string;
}) {
  const common = {
    id,
    value,
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
  } as const;
  return (
    <FieldFrame inputId={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
    </FieldFrame>
  );
}
