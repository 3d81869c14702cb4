import type { GroupFigures } from "@/lib/agreement/breakdowns";
import { MIN_N_CORRELATION, MIN_N_KAPPA } from "@/lib/agreement/small-samples";
import { formatCount, formatInterval, formatNumber, formatPercent, formatSigned } from "./format";
import styles from "./report.module.css";

/** The headline figures per group (persona, criterion, week, import), one row each. */
export function BreakdownTable({
  caption,
  groupLabel,
  rows,
  labelOf = (key) => key,
}: {
  caption: string;
  groupLabel: string;
  rows: GroupFigures[];
  labelOf?: (key: string) => string;
}) {
  return (
    // Focusable, so a keyboard can scroll it when it is wider than the screen.
    <div className="table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{groupLabel}</th>
            <th scope="col" className={styles.numeric}>n</th>
            <th scope="col" className={styles.numeric}>Agreement</th>
            <th scope="col" className={styles.numeric}>κ</th>
            <th scope="col" className={styles.numeric}>Quadratic κ (95 % CI)</th>
            <th scope="col" className={styles.numeric}>ρ</th>
            <th scope="col" className={styles.numeric} title="Mean judge level minus mean human level">Judge − human</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const ci = formatInterval(row.kappa.quadratic.ci);
            return (
              <tr key={row.key}>
                <th scope="row" className={styles.rowHeader}>
                  {labelOf(row.key)}
                  {row.n < MIN_N_KAPPA ? (
                    <div className={styles.flag}>⚠ n &lt; {row.n < MIN_N_CORRELATION ? MIN_N_CORRELATION : MIN_N_KAPPA}: too few to mean much</div>
                  ) : null}
                </th>
                <td className={styles.numeric}>{formatCount(row.n)}</td>
                <td className={styles.numeric}>{formatPercent(row.exactAgreement)}</td>
                <td className={styles.numeric}>{formatNumber(row.kappa.unweighted.value)}</td>
                <td className={styles.numeric}>
                  {formatNumber(row.kappa.quadratic.value)}
                  {ci ? <div className="muted">{ci}</div> : null}
                </td>
                <td className={styles.numeric}>{formatNumber(row.spearman.value)}</td>
                <td className={styles.numeric}>{formatSigned(row.meanOffset)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
