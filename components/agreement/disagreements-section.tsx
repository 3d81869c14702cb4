"use client";

import Link from "next/link";
import { useState } from "react";
import type { DisagreementRow } from "@/lib/agreement/disagreements";
import { adjudicationKey, type AgreementReport } from "@/lib/agreement/report";
import { sessionPath } from "@/lib/sessions/session-path";
import { turnPageQuery } from "@/lib/sessions/session-params";
import { excerpt as shortText } from "@/lib/sessions/format";
import { Badge } from "@/components/ui/badge";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { AdjudicateForm } from "./adjudicate-form";
import { formatCount, formatDay, formatNumber, formatSigned, levelName } from "./format";
import styles from "./disagreements.module.css";

const LISTS = [
  { value: "judge", label: "Judge vs humans" },
  { value: "humans", label: "Among humans" },
] as const;
type ListName = (typeof LISTS)[number]["value"];

/** Shown before "Show all": enough to start on, without a wall of cards. */
const FIRST_SHOWN = 8;

/** The turns to look at first, each linking to its place in the session; admins settle them here. */
export function DisagreementsSection({ report, canAdjudicate }: { report: AgreementReport; canAdjudicate: boolean }) {
  const [list, setList] = useState<ListName>("judge");
  const [isExpanded, setIsExpanded] = useState(false);
  const { judgeVsHuman, amongHumans } = report.disagreements;
  const shown = list === "judge" ? judgeVsHuman : amongHumans;
  const rows = isExpanded ? shown.rows : shown.rows.slice(0, FIRST_SHOWN);
  return (
    <section className="section" aria-labelledby="disagreements-title">
      <div className={styles.header}>
        <h2 id="disagreements-title">Disagreements</h2>
        <SegmentedControl label="Which disagreements" name="disagreements" options={LISTS} value={list} onChange={setList} />
      </div>
      <p className={styles.lead}>
        {list === "judge"
          ? `${formatCount(judgeVsHuman.total)} turns where the judge's level differs from the human level; the widest gaps first.`
          : `${formatCount(amongHumans.total)} turns where raters gave different levels; the widest spread first, those not yet adjudicated before the others.`}
        {shown.total > shown.rows.length ? ` The first ${shown.rows.length} are listed; export the pairs for all of them.` : ""}
      </p>
      {shown.rows.length === 0 ? (
        <p className="muted">None in this scope.</p>
      ) : (
        <>
          <ol className={styles.list}>
            {rows.map((row) => (
              <DisagreementItem key={`${row.turnId}:${row.ratingCriterion}`} row={row} report={report} canAdjudicate={canAdjudicate} />
            ))}
          </ol>
          {shown.rows.length > rows.length ? (
            <button type="button" className={`button button-secondary ${styles.more}`} onClick={() => setIsExpanded(true)}>
              Show all {shown.rows.length}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function DisagreementItem({ row, report, canAdjudicate }: { row: DisagreementRow; report: AgreementReport; canAdjudicate: boolean }) {
  const adjudication = report.adjudications[adjudicationKey(row.turnId, row.ratingCriterion)];
  const turn = report.turns[String(row.turnId)];
  const excerpt = turn?.excerpt;
  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        {turn ? (
          <Link href={`${sessionPath(turn.sessionKey, turnPageQuery(turn.number))}#turn-${turn.number}`} className={styles.turnLink}>
            Turn {turn.number} <span className="muted">in session {shortText(turn.sessionKey, 40)}</span>
          </Link>
        ) : null}
        <Badge>{row.persona}</Badge>
        {row.criterion !== "overall" ? <Badge tone="accent">{row.criterion}</Badge> : null}
        {adjudication ? <Badge tone="success">Adjudicated: {levelName(adjudication.level)}</Badge> : null}
      </div>
      {excerpt ? <p className={styles.excerpt}>{excerpt}</p> : null}
      <dl className={styles.facts}>
        <div>
          <dt>Ratings</dt>
          <dd>{row.levels.map(levelName).join(", ")}</dd>
        </div>
        <div>
          <dt>Human level</dt>
          <dd>
            {levelName(row.humanLevel)}
            <span className="muted">{adjudication ? ` (median ${levelName(row.median)})` : " (median)"}</span>
          </dd>
        </div>
        <div>
          <dt>Judge</dt>
          <dd>
            {levelName(row.judgeLevel)} <span className="muted">score {formatNumber(row.score, 3)}</span>
          </dd>
        </div>
        <div>
          <dt>Gap</dt>
          <dd className={row.gap === 0 ? undefined : styles.gap}>{row.gap === 0 ? "none" : `${formatSigned(row.gap, 0)} level${Math.abs(row.gap) === 1 ? "" : "s"}`}</dd>
        </div>
      </dl>
      {adjudication ? (
        <p className={styles.adjudicated}>
          Adjudicated {levelName(adjudication.level)}
          {adjudication.adjudicator ? ` by ${adjudication.adjudicator}` : ""} on {formatDay(adjudication.at.slice(0, 10))}
          {adjudication.note ? `: “${adjudication.note}”` : "."}
        </p>
      ) : null}
      {canAdjudicate ? (
        <details className={styles.adjudicateDetails}>
          <summary>{adjudication ? "Change the adjudicated level" : "Adjudicate"}</summary>
          <AdjudicateForm turnId={row.turnId} criterion={row.ratingCriterion} levels={report.levels} current={adjudication?.level ?? null} suggested={row.median} />
        </details>
      ) : null}
    </li>
  );
}
