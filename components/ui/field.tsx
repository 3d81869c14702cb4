import type { InputHTMLAttributes, ReactNode } from "react";

type FrameProps = { inputId: string; label: string; hint?: ReactNode; error?: string; children: ReactNode };

/** The ids a control points at with aria-describedby: its hint and its error. */
export function describedBy(inputId: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A control's label, hint and error, linked for screen readers; shared by every field. */
export function FieldFrame({ inputId, label, hint, error, children }: FrameProps) {
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {children}
      {hint ? (
        <p id={`${inputId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input with its hint and its error. */
export function Field({ label, name, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error}>
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, hint, error)} {...input} />
    </FieldFrame>
  );
}

type SelectProps = {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
  error?: string;
};

export function SelectField({ label, name, options, defaultValue, error }: SelectProps) {
  const inputId = `field-${name}`;
  return (
    <FieldFrame inputId={inputId} label={label} error={error}>
      <select id={inputId} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, null, error)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
