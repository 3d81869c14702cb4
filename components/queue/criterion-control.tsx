import type { RatingValue } from "@/lib/rubric/rating-values";
import type { Criterion } from "@/lib/rubric/rubric.schema";
import { optionKeysHint } from "@/lib/queue/option-keys";
import { CriterionChoice } from "./criterion-choice";
import { LabelChoice } from "./label-choice";
import { LabelSet } from "./label-set";
import { NumberScale } from "./number-scale";
import styles from "./criterion-controls.module.css";

type Props = { criterion: Criterion; value: RatingValue | undefined; onChange: (value: RatingValue | undefined) => void };

/** What the keys do inside this criterion's control, shown above it. */
function keysHint(criterion: Criterion): string {
  const count = criterion.levels.length;
  if (criterion.type === "numeric") return "← → move the slider, or type a value; Enter submits";
  if (criterion.type === "multilabel") return `${optionKeysHint(count)} tick or untick a label; Enter submits`;
  return `${optionKeysHint(count)} pick one`;
}

/**
 * A criterion after overall quality, with the control of its type. Number keys answer the
 * criterion whose control holds focus (data-criterion), so a rater Tabs to it and types.
 */
export function CriterionControl({ criterion, value, onChange }: Props) {
  const id = `criterion-${criterion.key}`;
  return (
    <fieldset className={styles.criterion} data-criterion={criterion.key} aria-describedby={`${id}-keys ${id}-description`}>
      <legend>
        {criterion.name} {criterion.isRequired ? null : <span className="muted">(optional)</span>}
      </legend>
      <p id={`${id}-keys`} className={`${styles.keys} key-hint`}>
        {keysHint(criterion)}
      </p>
      <p id={`${id}-description`} className={styles.description}>
        {criterion.description}
      </p>
      {criterion.type === "ordinal" ? (
        <CriterionChoice criterion={criterion} value={typeof value === "number" ? value : undefined} onChange={onChange} />
      ) : criterion.type === "multilabel" ? (
        <LabelSet criterion={criterion} value={Array.isArray(value) ? value : []} onChange={onChange} />
      ) : criterion.type === "numeric" ? (
        <NumberScale criterion={criterion} value={typeof value === "number" ? value : undefined} onChange={onChange} />
      ) : (
        <LabelChoice criterion={criterion} value={typeof value === "string" ? value : undefined} onChange={onChange} />
      )}
    </fieldset>
  );
}
