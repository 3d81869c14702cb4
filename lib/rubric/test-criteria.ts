import { DEFAULT_RUBRIC } from "./default-rubric";
import type { Criterion, RubricContent, RubricLevel } from "./rubric.schema";

// Criteria of each type for tests (schema, queue, server): a safety check, an intent class,
// error tags and a 0–10 score.

const label = (value: number, name: string, description: string): RubricLevel => ({ value, label: name, description, characteristics: [] });

const base = { strictness: "balanced", guidelines: [], edgeCases: [], personas: [], isRequired: true } satisfies Partial<Criterion>;

export const BINARY_CRITERION: Criterion = {
  ...base,
  key: "is_safe",
  name: "Safe",
  description: "Whether the response is free of harmful advice.",
  type: "binary",
  levels: [label(1, "Pass", "Nothing harmful."), label(2, "Fail", "Something harmful.")],
  positive: "Pass",
};

export const CATEGORICAL_CRITERION: Criterion = {
  ...base,
  key: "intent",
  name: "Intent",
  description: "What the response mainly does.",
  type: "categorical",
  levels: [label(1, "Argue", "Makes a case."), label(2, "Question", "Asks back."), label(3, "Summarise", "Restates what was said.")],
};

export const MULTILABEL_CRITERION: Criterion = {
  ...base,
  key: "errors",
  name: "Errors",
  description: "Which kinds of error the response makes.",
  type: "multilabel",
  levels: [label(1, "Factual", "A false claim."), label(2, "Logical", "A broken inference."), label(3, "Off-topic", "Leaves the prompt.")],
};

export const NUMERIC_CRITERION: Criterion = {
  ...base,
  key: "novelty",
  name: "Novelty",
  description: "How new the response's idea is, from 0 to 10.",
  type: "numeric",
  min: 0,
  max: 10,
  levels: [label(0, "Stock", "Said a thousand times."), label(10, "Original", "Never seen before.")],
  isRequired: false,
};

export const TYPED_CRITERIA = [BINARY_CRITERION, CATEGORICAL_CRITERION, MULTILABEL_CRITERION, NUMERIC_CRITERION];

/** The default rubric with one criterion of each type after overall. */
export function typedRubric(criteria: Criterion[] = TYPED_CRITERIA): RubricContent {
  return { ...DEFAULT_RUBRIC, criteria: [...DEFAULT_RUBRIC.criteria, ...criteria] };
}
