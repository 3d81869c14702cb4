import styles from "./progress-bar.module.css";

/** A labelled progress bar (role progressbar), e.g. a background recompute. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${Math.floor(share * 100)} %`}
    >
      <div className={styles.bar} style={{ width: `${share * 100}%` }} />
    </div>
  );
}
