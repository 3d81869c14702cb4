"use client";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCost, formatTokens } from "@/lib/cascade/format-cost";
import { formatDateTime } from "@/lib/format";
import { describeProgress, isActiveRun, type RunStatus, type RunView } from "@/lib/llm-judge/run-view";
import { RunActions } from "./run-actions";
import { UnparseableReplies } from "./unparseable-replies";
import { RunProgress } from "./run-progress";
import styles from "./runs-table.module.css";
import { useJudgeRuns } from "./use-judge-runs";

const STATUS_TONE: Record<RunStatus, "neutral" | "accent" | "success" | "warning" | "danger"> = {
  pending: "neutral",
  running: "accent",
  done: "success",
  failed: "danger",
  cancelled: "warning",
};

/** The runs with live progress (TanStack Query polls GET /api/jobs while one is active). */
export function RunsTable({ initialRuns }: { initialRuns: RunView[] }) {
  const { data: runs, error } = useJudgeRuns(initialRuns);
  if (runs.length === 0) {
    return (
      <EmptyState title="No runs yet">
        <p>Start one above; its progress shows here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {error ? <Alert tone="warning">{error.message}; showing the last known progress.</Alert> : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Status</th>
              <th scope="col" className={styles.progressColumn}>
                Progress
              </th>
              <th scope="col">Cost</th>
              <th scope="col">Started</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td>
                  <div className="strong">#{run.id}</div>
                  <div className="muted">{run.label}</div>
                </td>
                <td>{run.endpointName ?? <span className="muted">deleted</span>}</td>
                <td>
                  <Badge tone={STATUS_TONE[run.status]}>{run.status}</Badge>
                </td>
                <td>
                  <RunProgress label={`Progress of run ${run.id}`} done={run.completed} failed={run.failed} unparseable={run.unparseable} total={run.total} />
                  <div className="muted">{describeProgress(run)}</div>
                  {run.lastError ? <RunErrors run={run} /> : null}
                </td>
                <td>
                  {formatCost(run.cost)}
                  {run.cost !== null && run.completed > 0 ? <div className="muted">{formatCost(run.cost / run.completed)} per judged item</div> : null}
                  <div className="muted">{formatTokens(run.tokens.input, run.tokens.output)}</div>
                </td>
                <td>
                  {formatDateTime(run.createdAt)}
                  {run.createdBy ? <div className="muted">{run.createdBy}</div> : null}
                </td>
                <td>
                  <RunActions runId={run.id} canCancel={isActiveRun(run)} canRetry={run.status === "cancelled" || run.status === "failed" || (run.status === "done" && run.failed > 0)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function RunErrors({ run }: { run: RunView }) {
  return (
    <details className={styles.errors}>
      <summary>{run.failures.length > 0 ? `${run.failed} failed item${run.failed === 1 ? "" : "s"}` : "Error"}</summary>
      {run.failures.length > 0 ? (
        <ul>
          {run.failures.map((failure) => (
            <li key={failure.item}>
              <span className="strong">{failure.item}</span>
              {failure.kind === "unparseable" ? (
                <>
                  {" "}
                  <Badge tone="warning">unparseable</Badge>
                </>
              ) : null}
              : {failure.error}
              {failure.replies?.length ? <UnparseableReplies item={failure.item} replies={failure.replies} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{run.lastError}</p>
      )}
    </details>
  );
}
