"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";

type Failure = { error: string; fieldErrors?: Record<string, string> };

/**
 * Posts to /api/auth/sign-in. With script, as JSON (the error shows in place and the
 * email stays typed); without, as a plain form that the route answers with redirects.
 */
export function SignInForm({ next, notice, initialError }: { next?: string; notice?: string; initialError?: string }) {
  const [failure, setFailure] = useState<Failure | null>(initialError ? { error: initialError } : null);
  const [isPending, setIsPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setIsPending(true);
    try {
      const response = await fetch("/api/auth/sign-in", { method: "POST", body: new FormData(form), headers: { accept: "application/json" } });
      const body = (await response.json().catch(() => ({}))) as { redirect?: string } & Partial<Failure>;
      if (response.ok && body.redirect) {
        window.location.assign(body.redirect);
        return;
      }
      setFailure({ error: body.error ?? `Sign-in failed (${response.status}). Try again.`, fieldErrors: body.fieldErrors });
      form.querySelector<HTMLInputElement>('input[name="password"]')!.value = ""; // the email stays for the next try
    } catch {
      setFailure({ error: "The server could not be reached. Try again." });
    }
    setIsPending(false);
  }

  return (
    <form method="post" action="/api/auth/sign-in" onSubmit={submit} className="form" noValidate>
      {notice && !failure ? <Alert tone="success">{notice}</Alert> : null}
      {failure ? <Alert tone="error">{failure.error}</Alert> : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field label="Email" name="email" type="email" autoComplete="username" required autoFocus error={failure?.fieldErrors?.email} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={failure?.fieldErrors?.password} />
      <button type="submit" className="button button-primary" disabled={isPending} aria-busy={isPending || undefined}>
        {isPending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
