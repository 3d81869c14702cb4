import type { TextareaHTMLAttributes } from "react";
import { describedBy, FieldFrame } from "./field";
import styles from "./textarea-field.module.css";

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string; hint?: string };

/** A labelled multi-line input with its hint and error, like Field. */
export function TextareaField({ label, name, error, hint, id, ...textarea }: TextareaFieldProps) {
  const inputId = id ?? `field-${name}`;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error}>
      <textarea
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        className={styles.textarea}
        {...textarea}
      />
    </FieldFrame>
  );
}
