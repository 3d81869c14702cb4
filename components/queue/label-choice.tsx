import { optionKey } from "@/lib/queue/keyboard";
import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./criterion-controls.module.css";
import queueStyles from "./queue.module.css";

/**
 * One label of a binary criterion (two buttons side by side) or a categorical one (a list in
 * the rubric's order): radio buttons drawn as tiles, each with its number key and description.
 */
export function LabelChoice({ criterion, value, onChange }: { criterion: Criterion; value: string | undefined; onChange: (label: string) => void }) {
  const name = `criterion-${criterion.key}`;
  return (
    <div className={criterion.type === "binary" ? styles.binary : styles.options}>
      {criterion.levels.map((level, index) => (
        <label key={level.label} className={styles.option}>
          <input type="radio" name={name} value={level.label} checked={value === level.label} onChange={() => onChange(level.label)} aria-labelledby={`${name}-${index}-label`} aria-describedby={`${name}-${index}-description`} />
          <kbd className={queueStyles.kbd} aria-hidden="true">
            {optionKey(index + 1)}
          </kbd>
          <span id={`${name}-${index}-label`} className={styles.optionLabel}>{level.label}</span>
          <span id={`${name}-${index}-description`} className={styles.optionDescription}>
            {level.description}
          </span>
        </label>
      ))}
    </div>
  );
}
