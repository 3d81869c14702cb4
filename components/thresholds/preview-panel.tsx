"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { excerpt } from "@/lib/sessions/format";
import { sessionPath } from "@/lib/sessions/session-path";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";
import { AgreementComparison } from "./agreement-comparison";
import { formatCount, formatLevel, formatScore } from "./format";
import styles from "./thresholds.module.css";
import { useThresholdPreview } from "./use-threshold-preview";

type Props = { baseId: number; baseVersion: number; draft: Thresholds | null; isDraftValid: boolean };

function share(part: number, whole: number): string {
  return whole === 0 ? "" : ` (${((100 * part) / whole).toFixed(1)} %)`;
}

/** What saving the draft would change, computed by the server, refreshed as the draft changes. */
export function PreviewPanel({ baseId, baseVersion, draft, isDraftValid }: Props) {
  const preview = useThresholdPreview(baseId, draft);
  const data = preview.data;
  return (
    <section className={`card ${styles.preview}`} aria-labelledby="preview-title" aria-busy={preview.isFetching || undefined}>
      <div className={styles.previewHeader}>
        <h2 id="preview-title">Preview: draft against version {baseVersion}</h2>
        <span className="muted" aria-live="polite">
          {preview.isFetching ? "Updating…" : ""}
        </span>
      </div>
      {!isDraftValid ? <Alert tone="warning">Fix the highlighted fields to see what the draft would change.</Alert> : null}
      {preview.isError ? <Alert tone="error">The preview failed: {preview.error.message}</Alert> : null}
      {data ? (
        <>
          <dl className={styles.summary} aria-label="Level changes">
            <div>
              <dt>Turns changing level</dt>
              <dd data-testid="turns-changed">
                {formatCount(data.turns.changed)} of {formatCount(data.turns.total)}
                {share(data.turns.changed, data.turns.total)}
              </dd>
              <dd className="muted">
                {formatCount(data.turns.up)} up, {formatCount(data.turns.down)} down
              </dd>
            </div>
            <div>
              <dt>Sessions changing level</dt>
              <dd data-testid="sessions-changed">
                {formatCount(data.sessions.changed)} of {formatCount(data.sessions.total)}
                {share(data.sessions.changed, data.sessions.total)}
              </dd>
              <dd className="muted">a session&apos;s level is that of its mean overall score</dd>
            </div>
          </dl>
          {data.isWeightsChanged ? (
            <p className="field-hint">
              New weights: the draft&apos;s scores are computed here from the stored metric scores; saving stores them for every turn as heuristic{" "}
              <code>{data.draftJudgeVersion}</code>.
            </p>
          ) : null}
          {data.turns.total === 0 ? <p className="muted">No turn is scored by the heuristic judge yet: import sessions to see an effect.</p> : null}
          {data.examples.turns.length > 0 ? (
            <details className={styles.examples}>
              <summary>Examples of turns and sessions that change level</summary>
              <ul>
                {data.examples.turns.map((turn) => (
                  <li key={turn.turnId}>
                    <Link href={sessionPath(turn.sessionKey)}>Session {excerpt(turn.sessionKey, 40)}</Link>, {turn.personaId} turn: {formatScore(turn.before.score)}{" "}
                    {formatLevel(turn.before.level)} → {formatScore(turn.after.score)} {formatLevel(turn.after.level)}
                  </li>
                ))}
                {data.examples.sessions.map((session) => (
                  <li key={`s${session.sessionId}`}>
                    <Link href={sessionPath(session.sessionKey)}>Session {excerpt(session.sessionKey, 40)}</Link> ({session.turns} turns): mean {formatScore(session.before.score)}{" "}
                    {formatLevel(session.before.level)} → {formatScore(session.after.score)} {formatLevel(session.after.level)}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <AgreementComparison baseVersion={baseVersion} current={data.agreement.current} draft={data.agreement.draft} rule={data.humanLevelRule} />
        </>
      ) : preview.isPending && isDraftValid ? (
        <p className="muted">Computing the preview…</p>
      ) : null}
    </section>
  );
}
