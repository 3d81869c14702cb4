import type { ClassScore } from "@/lib/stats/class-scores";
import type { Interval } from "@/lib/stats";
import { formatCount, formatInterval, formatNumber, formatPercent } from "./format";
import type { FigureRow } from "./task-format";
import styles from "./report.module.css";
import taskStyles from "./task.module.css";

function intervalText(row: FigureRow, intervals: Record<string, Interval | null>): string {
  const ci = row.figure ? intervals[row.figure] : null;
  if (!ci) return "–";
  return row.isPercent ? `${formatPercent(ci[0])} to ${formatPercent(ci[1])}` : (formatInterval(ci) ?? "–");
}

/**
 * The type's other figures: name and what it means, and the value; with `intervals` (the
 * rater-aware ones, by figure name) a column of 95 % intervals.
 */
export function FigureTable({ caption, rows, intervals }: { caption: string; rows: FigureRow[]; intervals?: Record<string, Interval | null> | null }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className={styles.numeric}>
              Value
            </th>
            {intervals ? (
              <th scope="col" className={styles.numeric}>
                95&nbsp;% interval
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className={styles.rowHeader}>
                {row.name}
                <span className={taskStyles.meaning}>{row.meaning}</span>
              </th>
              <td className={styles.numeric}>{row.value}</td>
              {intervals ? <td className={styles.numeric}>{intervalText(row, intervals)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Precision, recall, F1 and the people's count for each class or label. */
export function ClassTable({ caption, rows, labelTitle }: { caption: string; rows: ClassScore[]; labelTitle: string }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelTitle}</th>
            <th scope="col" className={styles.numeric}>
              Precision
            </th>
            <th scope="col" className={styles.numeric}>
              Recall
            </th>
            <th scope="col" className={styles.numeric}>
              F1
            </th>
            <th scope="col" className={styles.numeric}>
              Given by people
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={styles.rowHeader}>
                {row.label}
              </th>
              <td className={styles.numeric}>{formatNumber(row.precision)}</td>
              <td className={styles.numeric}>{formatNumber(row.recall)}</td>
              <td className={styles.numeric}>{formatNumber(row.f1)}</td>
              <td className={styles.numeric}>{formatCount(row.support)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
