import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { formatDateTime } from "@/lib/format";
import { excerpt } from "@/lib/sessions/format";
import type { SessionDetail } from "@/lib/sessions/session-detail";
import { sessionPath } from "@/lib/sessions/session-path";
import styles from "./session-detail.module.css";

/** Where the session came from, its seed prompt, and whose scores the page shows. */
export function SessionHeader({ detail, requestedJudgeId }: { detail: SessionDetail; requestedJudgeId?: number }) {
  const { session, judges, judge } = detail;
  const facts: Array<[string, string]> = [
    ["Session id", session.externalId],
    ["Kind", session.kind === "generic" ? "judge-vs-human dataset" : "orchestrator log"],
    ["Started", session.startedAt ? formatDateTime(session.startedAt) : "—"],
    ["Ended", session.endedAt ? formatDateTime(session.endedAt) : "—"],
    ["Imported", formatDateTime(session.createdAt)],
  ];
  return (
    <>
      <Link href="/sessions" className={styles.back}>
        ← All sessions
      </Link>
      <PageHeader title={`Session ${excerpt(session.externalId, 48)}`} />
      <section aria-label="Session">
        <h2 className="visually-hidden">Seed prompt</h2>
        <p className={styles.seedPrompt}>{session.seedPrompt ?? <span className="muted">This session has no seed prompt.</span>}</p>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {requestedJudgeId !== undefined && judge?.id !== requestedJudgeId ? (
          <Alert tone="warning">The judge asked for did not score this session; the scores below are {judge ? `${judge.name} ${judge.version}'s` : "absent"}.</Alert>
        ) : null}
        {judges.length > 1 ? (
          <nav className={styles.judges} aria-label="Judge">
            <span>Scores from:</span>
            {judges.map((candidate) => (
              <Link key={candidate.id} href={sessionPath(session.externalId, `judge=${candidate.id}`)} aria-current={candidate.id === judge?.id ? "true" : undefined}>
                {candidate.name} {candidate.version} ({candidate.scoredTurns} turns)
              </Link>
            ))}
          </nav>
        ) : judge ? (
          <p className={styles.judges}>
            Scores from {judge.name} {judge.version}.
          </p>
        ) : null}
      </section>
    </>
  );
}
