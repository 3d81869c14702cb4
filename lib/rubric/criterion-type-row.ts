import { OVERALL_CRITERION, type Criterion, type RubricContent } from "./rubric.schema";

/**
 * A criterion's row of criterion_types, which the agreement report and the import read:
 * the labels in the rubric's order, except binary's as [negative, positive] (the import's
 * convention); min and max for numeric; nothing else for ordinal.
 */
export type CriterionTypeRow = { criterion: string; type: Criterion["type"]; labels: string[] | null; positive: string | null; min: number | null; max: number | null };

export function criterionTypeRow(criterion: Criterion): CriterionTypeRow {
  const row: CriterionTypeRow = { criterion: criterion.key, type: criterion.type, labels: null, positive: null, min: null, max: null };
  const labels = criterion.levels.map((level) => level.label);
  switch (criterion.type) {
    case "binary": {
      const positive = criterion.positive ?? labels[1];
      return { ...row, labels: [...labels.filter((label) => label !== positive), positive], positive };
    }
    case "categorical":
    case "multilabel":
      return { ...row, labels };
    case "numeric":
      return { ...row, min: criterion.min ?? null, max: criterion.max ?? null };
    case "ordinal":
      return row;
  }
}

/** The rows a rubric version declares: every criterion but "overall", in key order (a stable lock order). */
export function criterionTypeRows(content: RubricContent): CriterionTypeRow[] {
  return content.criteria
    .filter((criterion) => criterion.key !== OVERALL_CRITERION)
    .map(criterionTypeRow)
    .sort((a, b) => (a.criterion < b.criterion ? -1 : a.criterion > b.criterion ? 1 : 0));
}
