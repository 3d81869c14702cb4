"use client";

import { sessionPath } from "@/lib/sessions/session-path";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import styles from "./native-import.module.css";
import { usePullJob } from "./use-pull-job";

type Source = "langfuse" | "label-studio";
type Values = { url: string; publicKey: string; secretKey: string; since: string; token: string; project: string; judgeName: string };
const EMPTY: Values = { url: "", publicKey: "", secretKey: "", since: "", token: "", project: "", judgeName: "" };

/**
 * "Pull from a live tool": Langfuse scores or a Label Studio project's tasks, fetched page by
 * page by a background job; nothing is stored until the last page is in, and starting the same
 * pull again resumes it. Credentials go to the server once, encrypted while the job runs.
 */
export function LivePullForm() {
  const id = useId();
  const [source, setSource] = useState<Source>("langfuse");
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [isSending, setIsSending] = useState(false);
  const job = usePullJob(jobId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSending(true);
    setMessage(null);
    const body =
      source === "langfuse"
        ? { source, url: values.url, publicKey: values.publicKey, secretKey: values.secretKey, since: values.since, judgeName: values.judgeName }
        : { source, url: values.url, token: values.token, project: values.project, judgeName: values.judgeName };
    try {
      const response = await fetch("/api/import/pulls", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => ({}))) as { jobId?: number; error?: string; fieldErrors?: Record<string, string> };
      if (response.ok && answer.jobId) {
        setErrors({});
        setJobId(answer.jobId);
        setValues((v) => ({ ...v, secretKey: "", token: "" }));
      } else {
        setErrors(answer.fieldErrors ?? {});
        setMessage(answer.error ?? `The server answered ${response.status}.`);
      }
    } catch {
      setMessage("The server could not be reached.");
    } finally {
      setIsSending(false);
    }
  };

  const field = (key: keyof Values, label: string, options: { type?: string; placeholder?: string; hint?: string } = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={options.type ?? "text"}
        value={values[key]}
        placeholder={options.placeholder}
        autoComplete="off"
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : options.hint ? `${id}-${key}-hint` : undefined}
      />
      {options.hint ? (
        <p id={`${id}-${key}-hint`} className="field-hint">
          {options.hint}
        </p>
      ) : null}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  const state = job.data;
  const isRunning = jobId !== null && (!state || state.status === "pending" || state.status === "running");
  return (
    <section className="card section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pull from a live tool</h2>
      <p className="muted">
        Fetches every page of Langfuse&apos;s scores or a Label Studio project&apos;s tasks in the background. Nothing is stored until the last page is in; if it
        stops, start the same pull again and it resumes where it stopped.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.options}>
          <div className="field">
            <label htmlFor={`${id}-source`}>Tool</label>
            <select id={`${id}-source`} value={source} onChange={(event) => setSource(event.target.value as Source)}>
              <option value="langfuse">Langfuse</option>
              <option value="label-studio">Label Studio</option>
            </select>
          </div>
          {field("url", "Address", { placeholder: source === "langfuse" ? "https://cloud.langfuse.com" : "https://label-studio.example.com" })}
          {source === "langfuse" ? (
            <>
              {field("publicKey", "Public key", { placeholder: "pk-lf-…" })}
              {field("secretKey", "Secret key", { type: "password", placeholder: "sk-lf-…" })}
              {field("since", "Since (optional)", { placeholder: "2026-11-01T00:00:00Z", hint: "Only scores from this time on." })}
            </>
          ) : (
            <>
              {field("token", "Access token", { type: "password", hint: "Account & Settings → Access Token." })}
              {field("project", "Project number", { placeholder: "7" })}
            </>
          )}
          {field("judgeName", "Judge name (optional)", { placeholder: source })}
        </div>
        <button type="submit" className="button" disabled={isSending || isRunning}>
          {isRunning ? "Pulling…" : "Start the pull"}
        </button>
      </form>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div role="status" aria-live="polite">
        {state && isRunning ? (
          <p>
            Page {state.pages}
            {state.totalPages > state.pages ? ` of ${state.totalPages}` : ""}, {state.records} records so far…
          </p>
        ) : null}
        {state?.status === "done" ? (
          <div className="alert alert-success">
            <p>
              Pulled {state.pages} {state.pages === 1 ? "page" : "pages"}, {state.records} records, and imported them.
            </p>
            {state.sessionKeys.length > 0 ? <Link href={sessionPath(state.sessionKeys[0])}>Open the imported session</Link> : <p>They were already imported: nothing new was stored.</p>}
          </div>
        ) : null}
      </div>
      {state?.status === "failed" ? <Alert tone="error">The pull stopped: {state.error ?? "an unknown error"}. Nothing was imported; start the same pull again to resume.</Alert> : null}
    </section>
  );
}
