import { formatDateTime } from "@/lib/format";
import { reasonLabel } from "@/lib/queue/escalation.schema";
import { formatScoreBesideLevel } from "@/lib/sessions/format";
import type { TurnAdjudication, TurnDetail, TurnPage, TurnRating } from "@/lib/sessions/session-detail";
import { levelName, levelOfScore, QUALITY_LEVELS } from "@/lib/thresholds/levels";
import type { Cutoffs } from "./chart-parts";
import { LlmVerdict } from "@/components/llm-judge/llm-verdict";
import { Badge } from "@/components/ui/badge";
import { MetricBreakdown } from "./metric-breakdown";
import { PersonaBadge } from "./persona-badge";
import { personaColor } from "./persona-colors";
import { QualityBadge } from "./quality-badge";
import { TurnPager } from "./turn-pager";
import styles from "./turn-timeline.module.css";

type TurnTimelineProps = {
  turns: TurnDetail[];
  turnPage: TurnPage;
  /** The session's own id, for the pager's links. */
  sessionKey: string;
  judgeId?: number;
  cutoffs: Cutoffs;
  showLlmVerdicts?: boolean;
  /** Admins only: why the rating queue escalates a turn, by turn id. */
  escalations?: Record<number, string[]>;
};

/**
 * One page of turns in order: persona, response, the judge's metrics, the LLM judge's verdict beside
 * them when an LLM judge scored the session, human ratings. No way to rate from here: this
 * page shows the judge's scores, and a rating given while seeing them is not a blind one (an
 * admin corrects a turn's label by adjudicating it in the agreement report).
 */
export function TurnTimeline({ turns, turnPage, sessionKey, judgeId, cutoffs, showLlmVerdicts = false, escalations }: TurnTimelineProps) {
  const pager = <TurnPager turnPage={turnPage} sessionKey={sessionKey} judgeId={judgeId} />;
  return (
    <section className="section" aria-labelledby="session-turns">
      <h2 id="session-turns">Turns</h2>
      {pager}
      <ol className={styles.timeline}>
        {turns.map((turn) => (
          <li key={turn.id} id={`turn-${turn.ordinal + 1}`} className={styles.turn} style={{ borderLeftColor: personaColor(turn.personaId) }}>
            <article aria-labelledby={`turn-${turn.ordinal + 1}-title`}>
              <header className={styles.turnHeader}>
                <h3 id={`turn-${turn.ordinal + 1}-title`} className={styles.turnTitle}>
                  Turn {turn.ordinal + 1}
                </h3>
                <PersonaBadge personaId={turn.personaId} />
                <span className={styles.turnMeta}>
                  {[turn.personaName, turn.personaRole].filter(Boolean).join(" · ")}
                  {turn.depthIndex !== null ? ` · depth ${turn.depthIndex}` : ""}
                  {turn.stepIndex !== null ? ` step ${turn.stepIndex}` : ""}
                  {turn.itemId ? ` · item ${turn.itemId}` : ""}
                  {turn.occurredAt ? ` · ${formatDateTime(turn.occurredAt)}` : ""}
                  {turn.generatorModel ? ` · written by ${turn.generatorModel}` : ""}
                </span>
                {turn.isJudgeOwnFamily ? (
                  <span title="The judge's model is of the same family as the model that wrote this answer: it may favour it. See Own-family answers on the agreement report.">
                    <Badge tone="warning">Judge&apos;s own family</Badge>
                  </span>
                ) : null}
                <span className={styles.turnScore}>
                  {turn.score ? (
                    <>
                      Overall <strong title={String(turn.score.overallScore)}>{formatScoreBesideLevel(turn.score.overallScore, cutoffs)}</strong>{" "}
                      <QualityBadge level={levelName(levelOfScore(turn.score.overallScore, cutoffs))} />
                    </>
                  ) : turn.judgeLabels.length > 0 ? (
                    turn.judgeLabels.map((answer) => (
                      <span key={answer.judgeName}>
                        {answer.judgeName} <strong>{labelText(answer.label, answer.labels)}</strong>
                        {answer.confidence !== null ? <span className="muted"> (confidence {answer.confidence})</span> : null}
                      </span>
                    ))
                  ) : (
                    <span className="muted">not scored</span>
                  )}
                </span>
              </header>
              {escalations?.[turn.id] ? (
                <p className={styles.escalation}>
                  Escalated to raters: {escalations[turn.id].map(reasonLabel).join(", ").toLowerCase()}
                </p>
              ) : null}
              <div className={styles.response}>{turn.response}</div>
              {turn.score ? <MetricBreakdown metrics={turn.score.metrics} rationale={turn.score.rationale} /> : null}
              {showLlmVerdicts ? <LlmVerdict turnId={turn.id} /> : null}
              <footer className={styles.turnFooter}>
                <TurnAdjudications adjudications={turn.adjudications} />
                <TurnRatings ratings={turn.ratings} />
              </footer>
            </article>
          </li>
        ))}
      </ol>
      {turns.length > 0 ? pager : null}
    </section>
  );
}

function ratingLabel(rating: TurnRating): string {
  if (rating.criterion === "overall" && rating.level !== null && rating.level >= 1 && rating.level <= 4) {
    return `${QUALITY_LEVELS[rating.level - 1]} (${rating.level})`;
  }
  if (rating.level === null && rating.score === null) return labelText(rating.label, rating.labels);
  const value = rating.level ?? rating.score;
  return `${rating.criterion}: ${value ?? "—"}`;
}

/** A label, or a label set ("a, b"; "no labels" for the empty set). */
function labelText(label: string | null, labels: readonly string[]): string {
  if (label !== null) return label;
  return labels.length === 0 ? "no labels" : labels.join(", ");
}

/** The final word on a disagreement: the level an admin settled on, who, when and why. */
function TurnAdjudications({ adjudications }: { adjudications: TurnAdjudication[] }) {
  if (adjudications.length === 0) return null;
  return (
    <div className={styles.adjudications}>
      {adjudications.map((adjudication) => (
        <div key={adjudication.criterion} className={styles.adjudication}>
          <p>
            <span className={styles.adjudicationTag}>Adjudicated</span>{" "}
            <strong>
              {adjudication.criterion === "overall" ? "Final level" : `Final ${adjudication.criterion}`}:{" "}
              {adjudication.criterion === "overall" && adjudication.level >= 1 && adjudication.level <= 4
                ? `${QUALITY_LEVELS[adjudication.level - 1]} (${adjudication.level})`
                : adjudication.level}
            </strong>
            <span className="muted">
              {" "}
              by {adjudication.adjudicator ?? "an admin"} · {formatDateTime(adjudication.createdAt)}
            </span>
          </p>
          {adjudication.note ? <p className={styles.rationale}>{adjudication.note}</p> : <p className="muted">No note.</p>}
        </div>
      ))}
    </div>
  );
}

function TurnRatings({ ratings }: { ratings: TurnRating[] }) {
  if (ratings.length === 0) return <p className="muted">No human ratings yet.</p>;
  return (
    <div>
      <h4 className={styles.ratingsTitle}>Human ratings ({ratings.length})</h4>
      <ul className={styles.ratings}>
        {ratings.map((rating) => (
          <li key={rating.id}>
            <strong>{ratingLabel(rating)}</strong>
            <span className="muted">
              {" "}
              by {rating.rater?.name ?? rating.annotator ?? (rating.rater ? `user ${rating.rater.id}` : "unknown")}
              {rating.source === "imported" ? " (imported)" : ""} · {formatDateTime(rating.createdAt)}
            </span>
            {rating.rationale ? <p className={styles.rationale}>{rating.rationale}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
