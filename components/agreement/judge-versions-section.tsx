"use client";

import type { JudgeVersionRow, JudgeVersionsTable } from "@/lib/judge-versions/drift";
import type { Scope } from "@/lib/agreement/scope.schema";
import { formatDateTime } from "@/lib/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatCount, formatDay, formatNumber } from "./format";
import { useJudgeVersions } from "./use-judge-versions";
import styles from "./report.module.css";

const TITLE_ID = "versions-title";

const STATUS: Record<JudgeVersionRow["status"], { text: string; tone: "neutral" | "success" | "danger" | "accent" }> = {
  first: { text: "First measured", tone: "neutral" },
  steady: { text: "Steady", tone: "neutral" },
  improvement: { text: "Improvement", tone: "success" },
  regression: { text: "Regression", tone: "danger" },
  "no-kappa": { text: "No κ", tone: "neutral" },
  "not-compared": { text: "Not compared", tone: "neutral" },
  pending: { text: "Interval pending", tone: "neutral" },
};

function interval(row: JudgeVersionRow): string {
  return row.ci ? `${formatNumber(row.ci[0])} to ${formatNumber(row.ci[1])}` : "—";
}

function IntervalState({ table }: { table: JudgeVersionsTable }) {
  const state = table.intervals;
  if (state.status === "computing") {
    const percent = state.total > 0 ? Math.floor((100 * state.done) / state.total) : 0;
    return <p className="muted" aria-live="polite">Computing the intervals ({percent}&nbsp;%): regressions are marked once they are in.</p>;
  }
  if (state.status === "failed") return <Alert tone="error">The intervals could not be computed: {state.error}</Alert>;
  if (state.status === "too-few") return <p className="muted">{state.reason}</p>;
  return null;
}

function VersionsTable({ table }: { table: JudgeVersionsTable }) {
  const regression = table.versions.find((v) => v.status === "regression" && v === table.versions.at(-1));
  return (
    <div className="section">
      <h3>{table.name}</h3>
      <p className={styles.lead}>
        {table.versions.length} version{table.versions.length === 1 ? "" : "s"} measured on the same {formatCount(table.frozen.nItems)} rated item
        {table.frozen.nItems === 1 ? "" : "s"} ({formatCount(table.frozen.nSessions)} session{table.frozen.nSessions === 1 ? "" : "s"}) that every one of them scored.
        {regression ? ` The newest, ${regression.version}, agrees with people less than ${regression.against} did: a regression.` : ""}
      </p>
      <IntervalState table={table} />
      <div className="table-wrap" tabIndex={0} role="group" aria-label="Judge versions">
        <table className="table">
          <caption className={styles.caption}>Versions of {table.name}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col" className={styles.numeric}>
                κ quadratic
              </th>
              <th scope="col" className={styles.numeric}>
                95 % interval
              </th>
              <th scope="col">Drift</th>
              <th scope="col" className={styles.numeric}>
                Items scored
              </th>
              <th scope="col">Made</th>
            </tr>
          </thead>
          <tbody>
            {table.versions.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={styles.rowHeader}>
                  {row.version}
                </th>
                <td className={styles.numeric}>{formatNumber(row.kappa)}</td>
                <td className={styles.numeric}>{interval(row)}</td>
                <td className={styles.nowrap}>
                  <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].text}</Badge>
                  {row.against ? <span className="muted"> vs {row.against}</span> : null}
                </td>
                <td className={styles.numeric}>{formatCount(row.nScored)}</td>
                <td className={styles.nowrap} title={formatDateTime(row.createdAt)}>
                  {formatDay(row.createdAt.slice(0, 10))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.notRun.length > 0 ? (
        <p className="muted">
          Not run on rated items in this scope, so left out: {table.notRun.map((v) => v.version).join(", ")}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Judge versions": each version of a judge (prompt, model, weights) against people on one
 * frozen set of rated items, oldest first; a version whose κ falls below the interval of
 * the one before is a regression. Hidden when no judge has two versions to compare and the
 * scope names none.
 */
export function JudgeVersionsSection({ scope }: { scope: Scope }) {
  const query = useJudgeVersions(scope);
  if (query.isPending) return null;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const tables = query.data.judges.filter((table) => table.versions.length > 0);
  if (tables.length === 0 || (!scope.judge && tables.every((t) => t.versions.length < 2))) return null;
  return (
    <section className="section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Judge versions</h2>
      <p className="muted">
        Has a new prompt, model or set of weights made the judge better or worse? Every version is scored against the same people on the same
        items, with a 95 % interval that counts both the sessions and the raters as noise. A version whose κ falls below the interval of the one
        before it is marked as a regression; <code>concord gate --metric drift --judge NAME</code> fails on it in CI.
      </p>
      {tables.map((table) => (
        <VersionsTable key={table.name} table={table} />
      ))}
    </section>
  );
}
