import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./queue.module.css";

/** A further ordinal criterion (e.g. completeness 1–5): a row of radio buttons. */
export function CriterionChoice({ criterion, value, onChange }: { criterion: Criterion; value: number | undefined; onChange: (level: number) => void }) {
  return (
    <div className={styles.scale}>
      {criterion.levels.map((level) => (
        <label key={level.value} className={styles.scaleOption} title={level.description}>
          <input type="radio" name={`criterion-${criterion.key}`} value={level.value} checked={value === level.value} onChange={() => onChange(level.value)} />
          <span>
            {level.value} {level.label}
          </span>
        </label>
      ))}
    </div>
  );
}
