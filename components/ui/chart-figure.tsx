import { useId, type ReactNode } from "react";
import styles from "./chart-figure.module.css";

type ChartFigureProps = {
  title: string;
  description?: ReactNode;
  /** The chart; hidden from screen readers, which get the table instead (render it without keyboard focus). */
  children: ReactNode;
  /** The same figures as a table, behind a "Show as table" toggle. */
  table: ReactNode;
  /** Shown instead of the chart and the table when there is nothing to draw. */
  empty?: ReactNode;
  className?: string;
};

/**
 * A titled chart with its figures as a table behind a native disclosure ("Show as table"):
 * screen readers skip the drawing and reach the same numbers through the toggle, and
 * anyone can read exact values there.
 */
export function ChartFigure({ title, description, children, table, empty, className }: ChartFigureProps) {
  const titleId = useId();
  return (
    <figure className={`${styles.figure} ${className ?? ""}`} aria-labelledby={titleId}>
      <figcaption className={styles.caption}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {description ? <p className={styles.description}>{description}</p> : null}
      </figcaption>
      {empty ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          <div className={styles.chart} aria-hidden="true">
            {children}
          </div>
          <details className={styles.table}>
            <summary>Show as table</summary>
            <div className={styles.tableWrap}>{table}</div>
          </details>
        </>
      )}
    </figure>
  );
}
