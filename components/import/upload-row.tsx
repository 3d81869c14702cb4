"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { describeCriterionType } from "@/lib/ingest/criterion-type.schema";
import { describeImportResult, type ImportErrorBody, type ImportResult } from "@/lib/ingest/import-result";
import type { ImportProblem } from "@/lib/ingest/problems";
import { sessionPath } from "@/lib/sessions/session-path";

export type Upload = {
  id: number;
  file: File;
  summary: File | null;
  status: "waiting" | "uploading" | "importing" | "done" | "failed";
  progress: number;
  result?: ImportResult;
  error?: ImportErrorBody;
};

const STATUS: Record<Upload["status"], { label: string; tone: "neutral" | "accent" | "success" | "danger" }> = {
  waiting: { label: "Waiting", tone: "neutral" },
  uploading: { label: "Uploading", tone: "accent" },
  importing: { label: "Importing", tone: "accent" },
  done: { label: "Imported", tone: "success" },
  failed: { label: "Not imported", tone: "danger" },
};

/**
 * One file of the upload: its progress, then what happened to it, in words a person can act
 * on. A failed file's bar turns red with the reason beside it and a retry for that file alone
 * (with the options as they are now, so "Replace existing sessions" can be ticked first).
 */
export function UploadRow({ upload, onRetry }: { upload: Upload; onRetry?: (upload: Upload) => void }) {
  const { file, summary, status, progress, result, error } = upload;
  const badge =
    result?.status === "already_imported"
      ? { label: "Already imported", tone: "neutral" as const }
      : result?.status === "dry_run"
        ? { label: "Checked, not stored", tone: "neutral" as const }
        : STATUS[status];
  return (
    <li className="card import-upload">
      <div className="import-upload-head">
        <span className="strong">{file.name}</span>
        {summary ? <span className="muted">with {summary.name}</span> : null}
        <span className="muted">{formatBytes(file.size)}</span>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <progress
        className={`import-progress import-progress-${status}`}
        data-state={status}
        max={1}
        value={status === "done" || status === "failed" ? 1 : status === "importing" ? undefined : progress}
        aria-label={`Progress of ${file.name}`}
        aria-describedby={error ? `upload-${upload.id}-reason` : undefined}
      />
      {status === "failed" && error ? (
        <div className="import-failure">
          <p id={`upload-${upload.id}-reason`} className="import-failure-reason">
            {failureReason(error)}
          </p>
          {onRetry ? (
            <button type="button" className="button button-secondary" onClick={() => onRetry(upload)}>
              Retry {file.name}
            </button>
          ) : null}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {status === "importing" ? <p className="muted">Uploaded; validating, scoring and storing…</p> : null}
        {result ? <ResultDetails result={result} /> : null}
      </div>
      {error ? <ErrorDetails error={error} fileName={file.name} /> : null}
    </li>
  );
}

function ResultDetails({ result }: { result: ImportResult }) {
  const text = describeImportResult(result, { withSummaries: false });
  const differing = result.sessions.filter((session) => session.summaryDifferences && session.summaryDifferences.length > 0);
  return (
    <>
      <p>{text.charAt(0).toUpperCase() + text.slice(1)}.</p>
      <ul className="import-sessions">
        {result.sessions.map((session) => (
          <li key={session.externalId}>
            {result.status === "dry_run" ? session.externalId : <Link href={sessionPath(session.externalId)}>{session.externalId}</Link>} — {session.turnCount} turns,{" "}
            {session.status === "unchanged" ? "already imported" : result.status === "dry_run" ? `would be ${session.status}` : session.status}
          </li>
        ))}
      </ul>
      {result.criteria && result.criteria.length > 0 ? <CriteriaTable criteria={result.criteria} /> : null}
      {differing.map((session) => (
        <div key={session.id} className="alert alert-warning">
          <p className="strong">The summary.json of {session.externalId} differs from Concord&apos;s own summary:</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">In summary.json</th>
                  <th scope="col">Recomputed by Concord</th>
                </tr>
              </thead>
              <tbody>
                {session.summaryDifferences!.map((difference) => (
                  <tr key={difference.path}>
                    <td>
                      <code>{difference.path}</code>
                    </td>
                    <td>{JSON.stringify(difference.imported)}</td>
                    <td>{JSON.stringify(difference.recomputed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </>
  );
}

function CriteriaTable({ criteria }: { criteria: NonNullable<ImportResult["criteria"]> }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>Criterion types</caption>
        <thead>
          <tr>
            <th scope="col">Criterion</th>
            <th scope="col">Type</th>
            <th scope="col">From</th>
            <th scope="col">Turns</th>
            <th scope="col">Ratings</th>
          </tr>
        </thead>
        <tbody>
          {criteria.map((criterion) => (
            <tr key={criterion.criterion}>
              <td>{criterion.criterion}</td>
              <td>{describeCriterionType(criterion.type)}</td>
              <td>{criterion.isDeclared ? "declared" : "inferred"}</td>
              <td>{criterion.turnCount}</td>
              <td>{criterion.ratingCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorDetails({ error, fileName = "the file" }: { error: ImportErrorBody; fileName?: string }) {
  if (error.error === "invalid" && "problems" in error) {
    return (
      <div className="alert alert-error" role="alert">
        <p className="strong">
          Nothing was imported: {fileName} has {error.problems.length + error.omitted === 1 ? "a problem" : "problems"}.
        </p>
        <ProblemTable fileName={fileName} problems={error.problems} />
        {error.omitted > 0 ? <p>… and {error.omitted} more {error.omitted === 1 ? "problem" : "problems"}.</p> : null}
      </div>
    );
  }
  return (
    <div className="alert alert-error" role="alert">
      <p>{error.message.charAt(0).toUpperCase() + error.message.slice(1)}.</p>
      {error.error === "conflict" ? <p>Tick “Replace existing sessions” and import the file again to overwrite them.</p> : null}
    </div>
  );
}

/**
 * Each problem where the writer of the file looks for it: the line, the field (its own name;
 * the full path in the detail line), the value found there and what was expected. The raw
 * validation message stays as the detail, for a bug report.
 */
function ProblemTable({ fileName, problems }: { fileName: string; problems: ImportProblem[] }) {
  return (
    <div className="table-wrap">
      <table className="table import-problems">
        <caption className="visually-hidden">Problems in {fileName}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Field</th>
            <th scope="col">Found</th>
            <th scope="col">Expected</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, i) => (
            <tr key={i}>
              <td data-label="Line">{problem.line ?? "—"}</td>
              <td data-label="Field">{problem.path ? fieldName(problem.path) : <span className="muted">the whole line</span>}</td>
              <td data-label="Found">{problem.found ?? "—"}</td>
              <td data-label="Expected">
                {problem.expected ?? problem.message}
                <div className="import-problem-detail">
                  {problem.path ? <code>{problem.path}</code> : null}
                  {problem.expected !== undefined ? ` ${problem.message}` : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `overall_score (in evaluation_metrics)` for `records[3].evaluation_metrics.overall_score`. */
function fieldName(path: string): string {
  const parts = path.split(/\.|\[|\]/).filter((part) => part !== "" && !/^\d+$/.test(part));
  const own = parts.at(-1) ?? path;
  const parent = parts.length > 1 && parts.at(-2) !== "records" ? ` (in ${parts.at(-2)})` : "";
  return `${own.replace(/^"|"$/g, "")}${parent}`;
}

/** The one-line reason shown beside a failed file's red bar (the details follow below it). */
export function failureReason(error: ImportErrorBody): string {
  if (error.error === "invalid" && "problems" in error) {
    const total = error.problems.length + error.omitted;
    const first = error.problems[0];
    const where = first ? [first.line === null ? null : `line ${first.line}`, first.path || null].filter(Boolean).join(", ") : "";
    return `Not imported: ${total === 1 ? "1 problem" : `${total} problems`} in the file${first ? ` (first: ${where ? `${where}: ` : ""}${first.message})` : ""}. Fix the file and retry.`;
  }
  const message = error.message.replace(/\.$/, "");
  return `Not imported: ${message.charAt(0).toLowerCase() + message.slice(1)}.`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
