import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./queue.module.css";

/**
 * The rubric beside the buttons: what places a response at the chosen level (or at each
 * level, before one is chosen), then the scoring guidelines and edge cases on demand.
 */
export function RubricGuide({ criterion, selected }: { criterion: Criterion; selected: number | undefined }) {
  const chosen = criterion.levels.find((level) => level.value === selected);
  return (
    <div className={styles.guide}>
      {chosen ? (
        <div aria-live="polite">
          <h3 className={styles.guideHeading}>{chosen.label} looks like</h3>
          <ul className={styles.characteristics}>
            {chosen.characteristics.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          {chosen.example ? <p className={styles.example}>Example: {chosen.example}</p> : null}
        </div>
      ) : (
        <p className="field-hint">Pick a level to see the characteristics that place a response there.</p>
      )}
      {criterion.guidelines.length > 0 ? (
        <details className={styles.more}>
          <summary>How to rate ({criterion.strictness})</summary>
          <ul>
            {criterion.guidelines.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {criterion.edgeCases.length > 0 ? (
        <details className={styles.more}>
          <summary>Edge cases ({criterion.edgeCases.length})</summary>
          <dl className={styles.edgeCases}>
            {criterion.edgeCases.map((edge) => (
              <div key={edge.situation}>
                <dt>{edge.situation}</dt>
                <dd>{edge.guidance}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
