"use client";

import { sessionPath } from "@/lib/sessions/session-path";
import Link from "next/link";
import { useId, useState } from "react";
import { describeImportResult, type ImportErrorBody } from "@/lib/ingest/import-result";
import { SOURCE_NAMES, SOURCE_TITLES } from "@/lib/ingest/sources/source-values";
import type { NativeImportResult } from "@/lib/ingest/sources/preview-source";
import styles from "./native-import.module.css";
import { NativePreview } from "./native-preview";
import { ErrorDetails } from "./upload-row";

type Phase =
  | { kind: "idle" }
  | { kind: "checking" | "importing"; file: File }
  | { kind: "previewed"; file: File; result: NativeImportResult }
  | { kind: "done"; file: File; result: NativeImportResult }
  | { kind: "failed"; file: File; error: ImportErrorBody };

/**
 * "From another tool": an export of Langfuse, LangSmith, Phoenix, Label Studio, Argilla or
 * Inspect is first read and shown (dry run: criteria, raters, the judge, unpaired items), and
 * stored only when the admin confirms.
 */
export function NativeImportPanel({ maxBytes }: { maxBytes: number }) {
  const id = useId();
  const [from, setFrom] = useState("auto");
  const [judgeName, setJudgeName] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });

  const send = async (file: File, isDryRun: boolean) => {
    setPhase({ kind: isDryRun ? "checking" : "importing", file });
    if (file.size > maxBytes) {
      setPhase({ kind: "failed", file, error: { error: "too_large", message: `the file is larger than the limit of ${Math.round(maxBytes / 1048576)} MB; import it with the command line (concord import --from …)` } });
      return;
    }
    const params = new URLSearchParams({ from });
    if (judgeName.trim()) params.set("judge_name", judgeName.trim());
    if (isDryRun) params.set("dry_run", "true");
    const form = new FormData();
    form.set("file", file);
    try {
      const response = await fetch(`/api/import/native?${params}`, { method: "POST", body: form });
      const body = (await response.json().catch(() => null)) as NativeImportResult | ImportErrorBody | null;
      if (response.ok && body && "status" in body) setPhase({ kind: isDryRun ? "previewed" : "done", file, result: body });
      else setPhase({ kind: "failed", file, error: body && "error" in body ? body : { error: "http", message: `the server answered ${response.status}` } });
    } catch {
      setPhase({ kind: "failed", file, error: { error: "network", message: "the server could not be reached" } });
    }
  };

  const isBusy = phase.kind === "checking" || phase.kind === "importing";
  return (
    <section className="card section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>From another tool</h2>
      <p className="muted">
        An export of Langfuse scores, LangSmith feedback, Phoenix annotations, Label Studio tasks, Argilla records or an Inspect log (.json or .eval). Its
        human values become ratings by their raters, its judge values the scores of an imported judge. Nothing is stored before you confirm.
      </p>
      <div className={styles.options}>
        <div className="field">
          <label htmlFor={`${id}-from`}>Tool</label>
          <select id={`${id}-from`} value={from} onChange={(event) => setFrom(event.target.value)} disabled={isBusy}>
            <option value="auto">Tell from the file</option>
            {SOURCE_NAMES.map((name) => (
              <option key={name} value={name}>
                {SOURCE_TITLES[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-judge`}>Judge name (optional)</label>
          <input id={`${id}-judge`} value={judgeName} placeholder="the tool's name" onChange={(event) => setJudgeName(event.target.value)} disabled={isBusy} aria-describedby={`${id}-judge-hint`} />
          <p id={`${id}-judge-hint`} className="field-hint">
            Stored as judge “imported:&lt;name&gt;”.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>Export file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,.jsonl,.ndjson,.csv,.eval"
            disabled={isBusy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file, true);
              event.target.value = "";
            }}
          />
        </div>
      </div>
      <div role="status" aria-live="polite">
        {phase.kind === "checking" ? <p className="muted">Reading {phase.file.name}…</p> : null}
        {phase.kind === "importing" ? <p className="muted">Storing {phase.file.name}…</p> : null}
        {phase.kind === "done" ? <Done result={phase.result} /> : null}
      </div>
      {phase.kind === "previewed" ? (
        <div className={styles.preview}>
          <h3>What Concord read in {phase.file.name}</h3>
          <NativePreview preview={phase.result.preview} />
          <p>
            {phase.result.sessions.every((s) => s.status === "unchanged")
              ? "This export is already imported: importing it again stores nothing."
              : `Importing stores ${phase.result.turnCount} ${phase.result.turnCount === 1 ? "turn" : "turns"} and ${phase.result.ratingCount} ${phase.result.ratingCount === 1 ? "rating" : "ratings"}.`}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => void send(phase.file, false)}>
              Import {phase.file.name}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setPhase({ kind: "idle" })}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {phase.kind === "failed" ? (
        <>
          <p className="strong">{phase.file.name} was not imported.</p>
          <ErrorDetails error={phase.error} />
        </>
      ) : null}
    </section>
  );
}

function Done({ result }: { result: NativeImportResult }) {
  const text = describeImportResult(result, { withSummaries: false });
  return (
    <div className="alert alert-success">
      <p>{text.charAt(0).toUpperCase() + text.slice(1)}.</p>
      <ul className="import-sessions">
        {result.sessions.map((session) => (
          <li key={session.externalId}>
            <Link href={sessionPath(session.externalId)}>Open the imported session</Link> — {session.turnCount} turns
          </li>
        ))}
      </ul>
    </div>
  );
}
