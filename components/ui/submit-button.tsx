"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";

/** A form's submit button that shows progress and cannot be pressed twice. */
export function SubmitButton({ children, pendingText, variant = "primary" }: { children: ReactNode; pendingText?: string; variant?: "primary" | "secondary" | "danger" }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`button button-${variant}`} disabled={pending} aria-busy={pending || undefined}>
      {pending ? (pendingText ?? "Working…") : children}
    </button>
  );
}
