import type { CSSProperties } from "react";
import styles from "./confusion-matrix.module.css";

type Props = {
  /** Accessible name and visible caption of the table. */
  caption: string;
  labels: readonly string[];
  /** matrix[row][column]: counts. */
  matrix: readonly (readonly number[])[];
  rowTitle: string;
  columnTitle: string;
};

/**
 * A confusion matrix as a table, each cell shaded by its share of its row, the diagonal
 * (agreement) outlined. The counts are the text; the shade only helps the eye.
 */
export function ConfusionMatrix({ caption, labels, matrix, rowTitle, columnTitle }: Props) {
  return (
    <table className={styles.matrix}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.corner}>
            <span className={styles.rowTitle}>{rowTitle} ↓</span> <span className={styles.columnTitle}>{columnTitle} →</span>
          </th>
          {labels.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.map((row, i) => {
          const total = row.reduce((sum, count) => sum + count, 0);
          return (
            <tr key={labels[i]}>
              <th scope="row">{labels[i]}</th>
              {row.map((count, j) => (
                <td
                  key={labels[j]}
                  className={i === j ? styles.diagonal : undefined}
                  style={{ "--share": total > 0 ? count / total : 0 } as CSSProperties}
                >
                  {count.toLocaleString("en")}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
