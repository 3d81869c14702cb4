import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./queue.module.css";

/** The overall level: one button per level with its key (1–4) and its description. */
export function LevelPicker({ criterion, value, onChange }: { criterion: Criterion; value: number | undefined; onChange: (level: number) => void }) {
  return (
    <div>
      <h2 id="level-picker-heading" className={styles.pickerHeading}>
        {criterion.name} <span className="muted">keys 1–{criterion.levels.length}</span>
      </h2>
      <div role="radiogroup" aria-labelledby="level-picker-heading" className={styles.levels}>
        {criterion.levels.map((level) => (
          <button
            key={level.value}
            type="button"
            role="radio"
            aria-checked={value === level.value}
            data-level={level.value}
            className={styles.level}
            onClick={() => onChange(level.value)}
          >
            <kbd className={styles.kbd}>{level.value}</kbd>
            <span className={styles.levelLabel}>{level.label}</span>
            <span className={styles.levelDescription}>{level.description}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
