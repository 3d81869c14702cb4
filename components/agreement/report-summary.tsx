import type { AgreementReport } from "@/lib/agreement/report";
import { Alert } from "@/components/ui/alert";
import { formatCount, formatDay, formatNumber } from "./format";
import styles from "./agreement-view.module.css";

/** What the figures below were computed for, and what to keep in mind reading them. */
export function ReportSummary({ report }: { report: AgreementReport }) {
  const { scope, notes, cutoffs } = report;
  const filters = [
    scope.persona ? `persona ${scope.persona}` : null,
    scope.criterion ? `criterion ${scope.criterion}` : null,
    scope.importId ? `import #${scope.importId}` : null,
    scope.from ? `from ${formatDay(scope.from)}` : null,
    scope.to ? `to ${formatDay(scope.to)}` : null,
  ].filter(Boolean);
  return (
    <div className={styles.summary}>
      <p>
        <strong>{formatCount(report.headline.n)}</strong> pairs · judge{" "}
        <strong>{scope.judge ? `${scope.judge.name} ${scope.judge.version}` : "none"}</strong> · thresholds v{scope.thresholds.version}
        {scope.thresholds.isActive ? " (active)" : ""}: Fair ≥ {formatNumber(cutoffs.fair)}, Good ≥ {formatNumber(cutoffs.good)}, Excellent ≥{" "}
        {formatNumber(cutoffs.excellent)} · {filters.length > 0 ? filters.join(", ") : "all turns"}
      </p>
      <p className="muted">
        Human level: the lower median of a turn&apos;s ratings (for two ratings that differ, the lower), or an admin&apos;s adjudicated level
        when there is one{notes.nAdjudicated > 0 ? ` (${formatCount(notes.nAdjudicated)} in scope)` : ""}.
      </p>
      {notes.hasScoresOutsideCutoffRange ? (
        <Alert tone="warning">Some of this judge&apos;s scores lie outside 0–1, where the cut-offs live: its levels, and κ, may mean little. Read ρ and τ.</Alert>
      ) : null}
    </div>
  );
}
