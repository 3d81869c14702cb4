import { describeProgress } from "@/lib/llm-judge/run-view";
import styles from "./run-progress.module.css";

/**
 * A run's progress: completed items in the accent colour, failed ones in the danger
 * colour, out of the total. The numbers are in the accessible name; the bar is decoration.
 */
export function RunProgress({ label, done, failed, unparseable, total }: { label: string; done: number; failed: number; unparseable: number; total: number }) {
  const share = (value: number) => (total > 0 ? `${Math.min(100, (value / total) * 100)}%` : "0%");
  return (
    <div className={styles.bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done + failed} aria-valuetext={describeProgress({ completed: done, total, failed, unparseable })}>
      <span className={styles.done} style={{ width: share(done) }} />
      <span className={styles.failed} style={{ width: share(failed) }} />
    </div>
  );
}
