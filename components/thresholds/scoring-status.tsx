"use client";

import { Alert } from "@/components/ui/alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCount } from "./format";
import styles from "./thresholds.module.css";
import { useScoringStatus } from "./use-scoring-status";

/**
 * Which judge version the active thresholds score with, and the progress of its recompute,
 * which runs on the server: closing the page does not stop it.
 */
export function ScoringStatus({ activeId }: { activeId: number }) {
  const { data, isError, error } = useScoringStatus(activeId);
  if (isError) return <Alert tone="error">Could not read the scoring status: {error.message}</Alert>;
  if (!data) return null;
  const version = <code>heuristic {data.judge.version}</code>;
  if (data.isComplete) {
    return (
      <p className="muted" role="status">
        Overall scores and levels everywhere follow version {data.thresholdVersion.version}: judge {version}
        {data.judge.version === "v1" ? " (the orchestrator's default weights)" : ", computed for every turn"}.
      </p>
    );
  }
  const job = data.recompute;
  const completed = job?.completed ?? 0;
  const total = job?.total ?? 0;
  const label = `Computing overall scores under version ${data.thresholdVersion.version}'s weights`;
  return (
    <Alert tone={job?.status === "failed" ? "error" : "info"}>
      <p className={styles.statusText}>
        {label} ({version}): {formatCount(completed)} of {formatCount(total)} turns. This runs on the server; you can close the page.
        {job?.lastError ? ` Last error: ${job.lastError}${job.status === "failed" ? "." : " — retrying."}` : ""}
      </p>
      <ProgressBar label={label} value={completed} max={total} />
    </Alert>
  );
}
