import type { ReactNode } from "react";
import styles from "./manage.module.css";

/** Side-by-side cards on wide screens, stacked on narrow ones. */
export function ManageColumns({ children }: { children: ReactNode }) {
  return <div className={`section ${styles.columns}`}>{children}</div>;
}
