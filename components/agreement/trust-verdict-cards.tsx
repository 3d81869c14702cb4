import type { BootstrapState } from "@/lib/agreement/trust-report";
import type { VerdictRow } from "@/lib/agreement/verdicts";
import { Badge } from "@/components/ui/badge";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBar, formatEstimate, plannerText, VERDICT_BADGES } from "./trust-format";
import styles from "./trust.module.css";

/** One card per headline figure: its verdict against the bar, why, and what would settle it. */
export function VerdictCards({ verdicts, bootstrap, targetHalfWidth }: { verdicts: VerdictRow[]; bootstrap: BootstrapState; targetHalfWidth: number }) {
  return (
    <ul className={styles.cards} aria-label="Verdicts">
      {verdicts.map((row) => (
        <li key={row.key}>
          <VerdictCard row={row} bootstrap={bootstrap} targetHalfWidth={targetHalfWidth} />
        </li>
      ))}
    </ul>
  );
}

function VerdictCard({ row, bootstrap, targetHalfWidth }: { row: VerdictRow; bootstrap: BootstrapState; targetHalfWidth: number }) {
  const titleId = `verdict-${row.key}`;
  const badge = VERDICT_BADGES[row.verdict];
  const planner = plannerText(row.labelsNeeded, targetHalfWidth);
  return (
    <article className={`${styles.card} ${styles[row.verdict]}`} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {row.label}
        </h3>
        <Badge tone={badge.tone}>
          <span aria-hidden="true">{badge.icon} </span>
          {badge.text}
        </Badge>
      </div>
      <p className={styles.estimate}>
        {row.key === "alt_test" ? "ω = " : null}
        {formatEstimate(row.estimate, row.ci)}
      </p>
      <p className={styles.bar}>bar: at least {formatBar(row.bar)}</p>
      <p className={styles.sentence}>{row.sentence}</p>
      {row.key === "alt_test" ? null : <IntervalSource interval={row.interval} bootstrap={bootstrap} />}
      {planner ? <p className={styles.planner}>{planner}</p> : null}
    </article>
  );
}

/** Where the interval comes from, and how far the rater-aware one is while it is computed. */
function IntervalSource({ interval, bootstrap }: { interval: VerdictRow["interval"]; bootstrap: BootstrapState }) {
  if (interval === "crossed-bootstrap") return <p className={styles.source}>Rater-aware interval: sessions and raters resampled.</p>;
  if (interval === null) return <p className={styles.source}>No interval: too little data.</p>;
  switch (bootstrap.status) {
    case "computing": {
      const percent = bootstrap.total > 0 ? Math.floor((bootstrap.done / bootstrap.total) * 100) : 0;
      return (
        <div className={styles.source}>
          <p>Rater-aware intervals: computing ({percent}&nbsp;%)</p>
          <ProgressBar label="Rater-aware intervals" value={bootstrap.done} max={bootstrap.total} />
          <p>Until then, this interval allows for chance in the items only, not in who rated them.</p>
        </div>
      );
    }
    case "failed":
      return (
        <p className={`${styles.source} ${styles.failed}`}>
          Rater-aware intervals could not be computed: {bootstrap.error}. This interval allows for chance in the items only.
        </p>
      );
    case "too-few":
      return <p className={styles.source}>{bootstrap.reason} This interval allows for chance in the items only.</p>;
    case "ready":
      return <p className={styles.source}>Interval from items only.</p>;
  }
}
