import type { QualityCutoffs } from "@/lib/judge";
import { formatPercent, formatScore, formatScoreBesideLevel } from "@/lib/sessions/format";
import type { SessionDetail } from "@/lib/sessions/session-detail";
import { HowComputed } from "@/components/ui/how-computed";
import { PersonaBadge } from "./persona-badge";
import { QualityBadge } from "./quality-badge";
import styles from "./session-detail.module.css";

type SessionSummaryProps = { detail: SessionDetail; thresholdsVersion: number; cutoffs: QualityCutoffs };

/** The session summary (the orchestrator's own definition): total turns, average overall score, quality level, persona breakdown. */
export function SessionSummaryPanel({ detail, thresholdsVersion, cutoffs }: SessionSummaryProps) {
  const { summary, judge } = detail;
  const isScored = judge !== null;
  const ratedTurns = detail.session.ratedTurnCount;
  const totalTurns = summary.total_turns;
  const resonance = summary.avg_resonance_metrics;
  return (
    <section className="section" aria-labelledby="session-summary">
      <h2 id="session-summary">Summary</h2>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Total turns</dt>
          <dd>{summary.total_turns}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Average overall score</dt>
          <dd title={isScored ? String(summary.avg_overall_score) : undefined}>{isScored ? formatScoreBesideLevel(summary.avg_overall_score, cutoffs) : "—"}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Quality rating</dt>
          <dd>
            <QualityBadge level={isScored ? summary.quality_rating : null} />
            <span className={styles.statNote}>thresholds v{thresholdsVersion}</span>
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>Turns rated by humans</dt>
          <dd>
            {ratedTurns} <span className={styles.statNote}>of {totalTurns} ({formatPercent(ratedTurns, totalTurns)})</span>
          </dd>
        </div>
        {resonance ? (
          <div className={styles.stat}>
            <dt>Average resonance</dt>
            <dd className={styles.statSmall}>
              impact {formatScore(resonance.impact_score)} · transparency {formatScore(resonance.transparency)} · reproducibility{" "}
              {formatScore(resonance.reproducibility)} · verifiability {formatScore(resonance.verifiability)}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Persona breakdown</caption>
          <thead>
            <tr>
              <th scope="col">Persona</th>
              <th scope="col">Turns</th>
              <th scope="col">Average overall score</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(summary.persona_breakdown).map(([personaId, breakdown]) => (
              <tr key={personaId}>
                <th scope="row" className={styles.rowHeader}>
                  <PersonaBadge personaId={personaId} />
                </th>
                <td>{breakdown.count}</td>
                <td>{isScored ? formatScore(breakdown.avg_score) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isScored && detail.scoredTurns < totalTurns ? (
        <p className="muted">Turns this judge did not score count as 0 in the averages.</p>
      ) : null}
      <HowComputed>
        <p>
          <strong>Average overall score</strong> = the sum of the judge&apos;s overall scores of every turn ÷ the number of turns (a turn the judge
          did not score adds 0). Each persona&apos;s average is the same over that persona&apos;s turns.
        </p>
        <p>
          <strong>Quality rating</strong>: the level whose cut-off the average reaches. Under thresholds v{thresholdsVersion}: Excellent ≥{" "}
          {cutoffs.excellent}, Good ≥ {cutoffs.good}, Fair ≥ {cutoffs.fair}, otherwise Poor.
        </p>
      </HowComputed>
    </section>
  );
}
