import type { RatingValue } from "@/lib/rubric/rating-values";
import type { Criterion } from "@/lib/rubric/rubric.schema";

/**
 * What number key n does to a criterion's answer: picks level n (ordinal) or label n
 * (binary, categorical), toggles label n in a multi-label set. Null when the key means
 * nothing for it: past its last option, or on a numeric criterion (its slider takes the
 * arrow keys and its field the typed value).
 */
export function answerForOption(criterion: Criterion, current: RatingValue | undefined, number: number): RatingValue | null {
  const level = criterion.levels[number - 1];
  if (!level || criterion.type === "numeric") return null;
  if (criterion.type === "ordinal") return level.value;
  if (criterion.type !== "multilabel") return level.label;
  const set = Array.isArray(current) ? current : [];
  return set.includes(level.label) ? set.filter((label) => label !== level.label) : [...set, level.label];
}

/** The answer a criterion starts with: a required multi-label set starts empty (none apply), every other criterion unanswered. */
export function initialAnswer(criterion: Criterion): RatingValue | undefined {
  return criterion.type === "multilabel" && criterion.isRequired ? [] : undefined;
}

/** "keys 1–4", "keys 1–9, 0" for the hints beside each control. */
export function optionKeysHint(count: number): string {
  if (count <= 1) return "key 1";
  return count === 10 ? "keys 1–9, 0" : `keys 1–${count}`;
}
