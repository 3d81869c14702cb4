import type { ReactNode } from "react";
import styles from "./how-computed.module.css";

/**
 * "How is this computed?": the formula behind a figure, one click away, so the page can say
 * in plain words what a figure means and still let a reader check the arithmetic.
 */
export function HowComputed({ children, summary = "How is this computed?" }: { children: ReactNode; summary?: string }) {
  return (
    <details className={styles.details}>
      <summary>{summary}</summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}
