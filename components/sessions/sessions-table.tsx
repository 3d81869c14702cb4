import type { QualityCutoffs } from "@/lib/judge";
import Link from "next/link";
import { sessionPath } from "@/lib/sessions/session-path";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { excerpt, formatPercent, formatScoreBesideLevel } from "@/lib/sessions/format";
import { sortHref } from "@/lib/sessions/list-query-params";
import type { ListQuery, SortKey } from "@/lib/sessions/list-query.schema";
import type { SessionListRow } from "@/lib/sessions/session-list";
import { PersonaMix } from "./persona-badge";
import { QualityBadge } from "./quality-badge";
import styles from "./sessions-list.module.css";

const COLUMNS: ReadonlyArray<{ key: SortKey | null; label: string; isNumeric?: boolean }> = [
  { key: null, label: "Seed prompt" },
  { key: "started", label: "Started" },
  { key: "turns", label: "Turns", isNumeric: true },
  { key: "score", label: "Avg score", isNumeric: true },
  { key: "quality", label: "Quality" },
  { key: null, label: "Personas" },
  { key: "rated", label: "Human-rated", isNumeric: true },
];

/** One page of sessions; sortable headers are links, so every order has an address. */
export function SessionsTable({ rows, query, cutoffs }: { rows: SessionListRow[]; query: ListQuery; cutoffs: QualityCutoffs }) {
  const detailSuffix = query.judge === undefined ? "" : `?judge=${query.judge}`;
  return (
    <div className={`table-wrap ${styles.tableWrap}`}>
      <table className={`table ${styles.table}`}>
        <caption className="visually-hidden">
          Sessions sorted by {COLUMNS.find((column) => column.key === query.sort)?.label}, {query.dir === "asc" ? "ascending" : "descending"}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const isSorted = column.key === query.sort;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={column.isNumeric ? styles.numeric : undefined}
                  aria-sort={isSorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.key ? (
                    <Link href={sortHref(query, column.key)} className={styles.sortLink}>
                      {column.label}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {isSorted ? (query.dir === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </Link>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Seed prompt" className={styles.prompt}>
                <Link href={`${sessionPath(row.externalId)}${detailSuffix}`} className={styles.promptLink}>
                  {excerpt(row.seedPrompt, 120) || "(no seed prompt)"}
                </Link>
                <div className={styles.externalId}>
                  {row.kind === "generic" ? <Badge>dataset</Badge> : null} <span title={row.externalId}>{excerpt(row.externalId, 40)}</span>
                </div>
              </td>
              <Cell label="Started" className={styles.started}>
                {row.startedAt ? formatDateTime(row.startedAt) : <span className="muted">imported {formatDateTime(row.createdAt)}</span>}
              </Cell>
              <Cell label="Turns" isNumeric>
                {row.turnCount}
              </Cell>
              <Cell label="Avg score" isNumeric>
                <span title={row.averageScore === null ? undefined : String(row.averageScore)}>{formatScoreBesideLevel(row.averageScore, cutoffs)}</span>
              </Cell>
              <Cell label="Quality">
                <QualityBadge level={row.qualityLevel} />
              </Cell>
              <Cell label="Personas" className={styles.personas}>
                <PersonaMix mix={row.personaMix} />
              </Cell>
              <Cell label="Human-rated" isNumeric>
                {row.ratedTurnCount} / {row.turnCount}
                <span className="muted"> ({formatPercent(row.ratedTurnCount, row.turnCount)})</span>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell whose content is one box, so that the narrow-screen layout can label it. */
function Cell({ label, isNumeric, className, children }: { label: string; isNumeric?: boolean; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={[isNumeric ? styles.numeric : "", className ?? ""].join(" ").trim() || undefined}>
      <span>{children}</span>
    </td>
  );
}
