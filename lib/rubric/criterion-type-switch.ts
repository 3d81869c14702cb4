import type { Criterion, CriterionType, RubricLevel } from "./rubric.schema";

// What the rubric editor does when an admin changes a criterion's type: keep what was
// written (names, descriptions, characteristics) and reshape the levels to what the new
// type needs, so that a switch never leaves a criterion the schema must refuse for its shape.

const blankLevel = (value: number, label: string): RubricLevel => ({ value, label, description: "", characteristics: [] });

/** Levels numbered 1…n again (what every type but numeric needs). */
export function renumberLevels(levels: RubricLevel[]): RubricLevel[] {
  return levels.map((level, index) => ({ ...level, value: index + 1 }));
}

function atLeast(levels: RubricLevel[], count: number, names: string[]): RubricLevel[] {
  const filled = [...levels];
  while (filled.length < count) filled.push(blankLevel(filled.length + 1, names[filled.length] ?? `Label ${filled.length + 1}`));
  return renumberLevels(filled);
}

export function withCriterionType(criterion: Criterion, type: CriterionType): Criterion {
  const { positive: _positive, min: _min, max: _max, ...base } = criterion;
  switch (type) {
    case "numeric": {
      const min = criterion.min ?? 0;
      const max = criterion.max ?? 10;
      // Levels 1…n become anchors at those points when they fit on the scale.
      const levels = criterion.levels.filter((level) => level.value >= min && level.value <= max);
      return { ...base, type, min, max, levels };
    }
    case "binary": {
      const levels = atLeast(criterion.levels.slice(0, 2), 2, ["Pass", "Fail"]);
      const positive = levels.some((level) => level.label === criterion.positive) ? criterion.positive : levels[0].label;
      return { ...base, type, levels, positive };
    }
    case "multilabel":
      return { ...base, type, levels: atLeast(criterion.levels, 1, ["Label 1"]) };
    case "ordinal":
    case "categorical":
      return { ...base, type, levels: atLeast(criterion.levels, 2, ["Low", "High"]) };
  }
}

/** The fewest levels a type takes (the editor's "Remove" stops there); binary has exactly two. */
export function fewestLevels(type: CriterionType): number {
  return { ordinal: 2, binary: 2, categorical: 2, multilabel: 1, numeric: 0 }[type];
}

/** A level added at the end: the next number, or for numeric an anchor at the top of the scale. */
export function nextLevel(criterion: Criterion): RubricLevel {
  const count = criterion.levels.length;
  if (criterion.type === "numeric") return blankLevel(criterion.max ?? 0, `Anchor ${count + 1}`);
  const noun = criterion.type === "ordinal" ? "Level" : "Label";
  return { ...blankLevel(count + 1, `${noun} ${count + 1}`), characteristics: criterion.type === "ordinal" ? [""] : [] };
}
