import { optionKey } from "@/lib/queue/keyboard";
import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./criterion-controls.module.css";
import queueStyles from "./queue.module.css";

/** The labels of a multi-label criterion: a checkbox each, any number ticked (none is an answer too). */
export function LabelSet({ criterion, value, onChange }: { criterion: Criterion; value: string[]; onChange: (labels: string[]) => void }) {
  const name = `criterion-${criterion.key}`;
  return (
    <div className={styles.options}>
      {criterion.levels.map((level, index) => {
        const isChecked = value.includes(level.label);
        return (
          <label key={level.label} className={styles.option}>
            <input
              type="checkbox"
              name={name}
              value={level.label}
              checked={isChecked}
              onChange={() => onChange(isChecked ? value.filter((label) => label !== level.label) : [...value, level.label])}
              aria-labelledby={`${name}-${index}-label`}
              aria-describedby={`${name}-${index}-description`}
            />
            <kbd className={queueStyles.kbd} aria-hidden="true">
              {optionKey(index + 1)}
            </kbd>
            <span id={`${name}-${index}-label`} className={styles.optionLabel}>
              {level.label} {isChecked ? <span className={styles.check} aria-hidden="true">✓</span> : null}
            </span>
            <span id={`${name}-${index}-description`} className={styles.optionDescription}>
              {level.description}
            </span>
          </label>
        );
      })}
    </div>
  );
}
