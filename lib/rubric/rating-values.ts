import { criteriaForPersona, type Criterion, type RubricContent } from "./rubric.schema";

// A rating's answer per criterion, as the queue's form sends it and undo gives it back: an
// ordinal level (1…n), a binary or categorical label, a multi-label set, or a numeric score.
// Which shape a criterion takes is its type in the rubric version the rating is made under.

export type RatingValue = number | string | string[];
export type RatingValues = Record<string, RatingValue>;

/** One ratings row's value columns: level for ordinal, score for numeric, label or labels. */
export type StoredValue = { level: number | null; score: number | null; label: string | null; labels: string[] | null };

const labelsOf = (criterion: Criterion) => criterion.levels.map((level) => level.label);

/** Why this value does not fit the criterion, or null when it does. */
export function checkRatingValue(criterion: Criterion, value: RatingValue): string | null {
  const { name, type } = criterion;
  switch (type) {
    case "ordinal":
      return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= criterion.levels.length
        ? null
        : `${name} takes a level from 1 to ${criterion.levels.length}`;
    case "binary":
    case "categorical":
      if (typeof value !== "string") return `${name} takes one label`;
      return labelsOf(criterion).includes(value) ? null : `"${value}" is not a label of ${name} (${labelsOf(criterion).join(", ")})`;
    case "multilabel": {
      if (!Array.isArray(value)) return `${name} takes a set of labels`;
      const unknown = value.filter((label) => !labelsOf(criterion).includes(label));
      return unknown.length === 0 ? null : `${unknown.map((label) => `"${label}"`).join(", ")} ${unknown.length === 1 ? "is not a label" : "are not labels"} of ${name}`;
    }
    case "numeric": {
      const { min = 0, max = 0 } = criterion;
      return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max ? null : `${name} takes a number from ${min} to ${max}`;
    }
  }
}

function missing(criterion: Criterion): string {
  if (criterion.type === "ordinal") return `Pick a level for ${criterion.name}`;
  if (criterion.type === "numeric") return `Give a value for ${criterion.name}`;
  if (criterion.type === "multilabel") return `Tick the labels that apply for ${criterion.name}, or none`;
  return `Pick a label for ${criterion.name}`;
}

/**
 * Checks a rating against the criteria of its turn's persona: every required criterion is
 * answered, every answer fits its criterion's type, and nothing is rated that does not
 * apply. Returns field messages keyed by criterion, empty when the rating is complete.
 */
export function checkRatingValues(content: RubricContent, personaId: string, values: RatingValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const applicable = criteriaForPersona(content, personaId);
  for (const criterion of applicable) {
    const value = values[criterion.key];
    const problem = value === undefined ? (criterion.isRequired ? missing(criterion) : null) : checkRatingValue(criterion, value);
    if (problem) problems[criterion.key] = problem;
  }
  for (const key of Object.keys(values)) {
    if (!applicable.some((criterion) => criterion.key === key)) problems[key] = `"${key}" is not a criterion for this turn`;
  }
  return problems;
}

/** The columns a checked value is stored in; a label set sorted and distinct (as ratings.labels holds it). */
export function toStoredValue(criterion: Criterion, value: RatingValue): StoredValue {
  const none: StoredValue = { level: null, score: null, label: null, labels: null };
  if (criterion.type === "ordinal") return { ...none, level: value as number };
  if (criterion.type === "numeric") return { ...none, score: value as number };
  if (criterion.type === "multilabel") return { ...none, labels: [...new Set(value as string[])].sort() };
  return { ...none, label: value as string };
}

/** A stored row's value back in the form's shape (undo puts it back in the control). */
export function fromStoredValue(stored: StoredValue): RatingValue | null {
  return stored.level ?? stored.label ?? stored.labels ?? stored.score;
}
