import { compareCategories } from "@/lib/stats/rating-table";
import type { TaskCriterion, TaskData, TaskValue } from "./task-data";

// The humans' answer on a unit, which the judge is measured against, from its ratings.

/**
 * Orders labels as the criterion lists them; labels it does not list come after, by code
 * point (the order scikit-learn sorts labels in).
 */
export function labelOrder(declared: readonly string[]): (a: string, b: string) => number {
  const rank = new Map(declared.map((label, i) => [label, i]));
  return (a, b) => {
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra !== undefined && rb !== undefined) return ra - rb;
    if (ra !== undefined) return -1;
    if (rb !== undefined) return 1;
    return compareCategories(a, b);
  };
}

/**
 * The most frequent label among a unit's ratings; a tie goes to the label listed first in
 * the criterion (binary criteria list [negative, positive], so a tie is negative).
 */
export function majorityLabel(labels: readonly string[], order: (a: string, b: string) => number): string | null {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [label, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== null && order(label, best) < 0)) {
      best = label;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The labels chosen by at least half of a unit's raters (with two raters, by either; with
 * three, by two), in the criterion's order; possibly none.
 */
export function labelsChosenByHalf(sets: readonly (readonly string[])[], order: (a: string, b: string) => number): string[] {
  const counts = new Map<string, number>();
  for (const set of sets) for (const label of new Set(set)) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].filter(([, count]) => 2 * count >= sets.length).map(([label]) => label).sort(order);
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Each unit's ratings, grouped by unit (units in order). */
export function ratingsByUnit(data: TaskData): TaskValue[][] {
  const grouped: TaskValue[][] = data.units.turnId.map(() => []);
  for (let i = 0; i < data.ratings.unit.length; i++) grouped[data.ratings.unit[i]].push(data.ratings.value[i]);
  return grouped;
}

/**
 * The human answer of each unit: the majority label (binary, categorical), the labels
 * chosen by at least half the raters (multi-label), the mean (numeric). Null for a unit
 * without ratings (none in the data the server hands over).
 */
export function humanValues(criterion: TaskCriterion, grouped: readonly TaskValue[][]): (TaskValue | null)[] {
  const order = labelOrder(criterion.labels);
  return grouped.map((values) => {
    if (values.length === 0) return null;
    switch (criterion.type) {
      case "binary":
      case "categorical":
        return majorityLabel(values as string[], order);
      case "multilabel":
        return labelsChosenByHalf(values as string[][], order);
      case "numeric":
        return mean(values as number[]);
    }
  });
}
