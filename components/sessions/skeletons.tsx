import styles from "./skeletons.module.css";

/** Grey bars where a table will be, announced once as loading. */
export function TableSkeleton({ rows }: { rows: number }) {
  return (
    <div className={styles.skeleton} role="status" aria-label="Loading">
      <div className={styles.block} style={{ height: "7rem" }} />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.line} />
      ))}
    </div>
  );
}

/** The session page's outline: summary cards, two charts, turns. */
export function SessionSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label="Loading">
      <div className={styles.cards}>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={styles.block} style={{ height: "5rem" }} />
        ))}
      </div>
      <div className={styles.charts}>
        <div className={styles.block} style={{ height: "18rem" }} />
        <div className={styles.block} style={{ height: "18rem" }} />
      </div>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className={styles.block} style={{ height: "8rem" }} />
      ))}
    </div>
  );
}
