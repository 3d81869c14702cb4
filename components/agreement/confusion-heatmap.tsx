import { formatCount, formatPercent, levelName } from "./format";
import styles from "./confusion-heatmap.module.css";

/**
 * Human level (rows) against judge level (columns): counts and the share of each human
 * level's turns, as a real table; the shading repeats the share for the eye.
 */
export function ConfusionHeatmap({ labels, matrix }: { labels: number[]; matrix: number[][] }) {
  const rowTotals = matrix.map((row) => row.reduce((s, v) => s + v, 0));
  const columnTotals = labels.map((_, j) => matrix.reduce((s, row) => s + row[j], 0));
  const total = rowTotals.reduce((s, v) => s + v, 0);
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          Rows: human level. Columns: judge level. Each cell: turns, and their share of the row. The diagonal is agreement.
        </caption>
        <thead>
          <tr>
            <td className={styles.corner}>
              <span className={styles.axis}>Human ↓ · Judge →</span>
            </td>
            {labels.map((level) => (
              <th key={level} scope="col">
                {levelName(level)}
              </th>
            ))}
            <th scope="col" className={styles.total}>
              All
            </th>
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, i) => (
            <tr key={labels[i]}>
              <th scope="row">{levelName(labels[i])}</th>
              {row.map((count, j) => {
                const share = rowTotals[i] > 0 ? count / rowTotals[i] : 0;
                return (
                  <td
                    key={labels[j]}
                    className={i === j ? `${styles.cell} ${styles.diagonal}` : styles.cell}
                    style={{ backgroundColor: shade(share) }}
                  >
                    <span className={styles.count}>{formatCount(count)}</span>
                    <span className={styles.share}>{rowTotals[i] > 0 ? formatPercent(share) : "—"}</span>
                  </td>
                );
              })}
              <td className={styles.total}>{formatCount(rowTotals[i])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All</th>
            {columnTotals.map((count, j) => (
              <td key={labels[j]} className={styles.total}>
                {formatCount(count)}
              </td>
            ))}
            <td className={styles.total}>{formatCount(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The accent colour, from nearly white (share 0) to full (share 1). */
function shade(share: number): string {
  // Light enough at 100 % for dark text to keep a 4.5:1 contrast (5.3:1 at the darkest).
  const alpha = share === 0 ? 0 : 0.08 + 0.6 * share;
  return `rgb(53 83 214 / ${alpha.toFixed(3)})`;
}
