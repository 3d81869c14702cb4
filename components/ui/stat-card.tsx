import type { ReactNode } from "react";
import styles from "./stat-card.module.css";

type StatCardProps = {
  label: ReactNode;
  value: ReactNode;
  /** Interval, p-value, n: the small print under the value. */
  detail?: ReactNode;
  /** The plain-language reading of the value. */
  reading?: ReactNode;
  /** Shown as a warning when the figure rests on too little data. */
  warning?: ReactNode;
};

/** One figure, large, with its interval, what it means, and any warning. */
export function StatCard({ label, value, detail, reading, warning }: StatCardProps) {
  return (
    <div className={styles.card}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.body}>
        <span className={styles.value}>{value}</span>
        {detail ? <span className={styles.detail}>{detail}</span> : null}
        {reading ? <span className={styles.reading}>{reading}</span> : null}
        {warning ? (
          <span className={styles.warning} role="note">
            <span aria-hidden="true">⚠ </span>
            {warning}
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * A grid of StatCards, as a description list: as many columns as fit, at most `maxColumns`
 * (so that cards meant to be read side by side stay in rows).
 */
export function StatGrid({ children, label, maxColumns }: { children: ReactNode; label?: string; maxColumns?: number }) {
  const style = maxColumns ? { gridTemplateColumns: `repeat(auto-fill, minmax(max(190px, calc((100% - ${maxColumns - 1} * 0.75rem) / ${maxColumns})), 1fr))` } : undefined;
  return (
    <dl className={styles.grid} aria-label={label} style={style}>
      {children}
    </dl>
  );
}
