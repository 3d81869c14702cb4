import { describe, expect, it } from "vitest";
import { criterionTypeRows } from "./criterion-type-row";
import { withCriterionType } from "./criterion-type-switch";
import { DEFAULT_RUBRIC } from "./default-rubric";
import { rubricContentSchema, type Criterion } from "./rubric.schema";
import { tidyRubric } from "./save-rubric.schema";
import { BINARY_CRITERION, CATEGORICAL_CRITERION, MULTILABEL_CRITERION, NUMERIC_CRITERION, typedRubric } from "./test-criteria";

function issues(criteria: Criterion[]): Record<string, string> {
  const result = rubricContentSchema.safeParse(typedRubric(criteria));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("criterion types in the rubric", () => {
  it("reads a rubric stored before types existed as ordinal criteria", () => {
    const stored = JSON.parse(JSON.stringify(DEFAULT_RUBRIC)) as { criteria: Record<string, unknown>[] };
    delete stored.criteria[0].type;

    expect(rubricContentSchema.parse(stored).criteria[0].type).toBe("ordinal");
  });

  it("accepts a criterion of each type", () => {
    expect(issues([BINARY_CRITERION, CATEGORICAL_CRITERION, MULTILABEL_CRITERION, NUMERIC_CRITERION])).toEqual({});
    expect(issues([{ ...NUMERIC_CRITERION, levels: [] }])).toEqual({});
    expect(issues([{ ...MULTILABEL_CRITERION, levels: MULTILABEL_CRITERION.levels.slice(0, 1) }])).toEqual({});
  });

  it("keeps overall quality an ordinal scale", () => {
    const [overall] = DEFAULT_RUBRIC.criteria;
    const result = rubricContentSchema.safeParse({ ...DEFAULT_RUBRIC, criteria: [{ ...overall, type: "categorical" }] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["criteria.0.type", "Overall quality is an ordinal scale"]]);
  });

  it("gives a binary criterion exactly two labels, one of them positive", () => {
    expect(issues([{ ...BINARY_CRITERION, positive: "Maybe" }])).toEqual({ "criteria.1.positive": "Choose which of the two labels is positive" });
    expect(issues([{ ...BINARY_CRITERION, positive: undefined }])).toEqual({ "criteria.1.positive": "Choose which of the two labels is positive" });
    expect(issues([{ ...BINARY_CRITERION, levels: [...BINARY_CRITERION.levels, { ...BINARY_CRITERION.levels[0], value: 3, label: "Unsure" }] }])).toEqual({
      "criteria.1.levels": "A binary criterion has exactly two labels",
    });
  });

  it("refuses a categorical criterion with one label, or two labels alike", () => {
    expect(issues([{ ...CATEGORICAL_CRITERION, levels: CATEGORICAL_CRITERION.levels.slice(0, 1) }])).toEqual({
      "criteria.1.levels": "A categorical criterion needs at least two labels",
    });
    const twins = CATEGORICAL_CRITERION.levels.map((level, i) => (i === 2 ? { ...level, label: "argue" } : level));
    expect(issues([{ ...CATEGORICAL_CRITERION, levels: twins }])).toEqual({ "criteria.1.levels.2.label": "Two labels have this label" });
  });

  it("refuses a multi-label criterion without labels", () => {
    expect(issues([{ ...MULTILABEL_CRITERION, levels: [] }])).toEqual({ "criteria.1.levels": "A multi-label criterion needs at least one label" });
  });

  it("needs labels but no characteristics, where levels need both", () => {
    const ordinal: Criterion = { ...CATEGORICAL_CRITERION, type: "ordinal" };
    expect(issues([ordinal])).toEqual({
      "criteria.1.levels.0.characteristics": "List at least one observable characteristic",
      "criteria.1.levels.1.characteristics": "List at least one observable characteristic",
      "criteria.1.levels.2.characteristics": "List at least one observable characteristic",
    });
  });

  it("gives a numeric criterion a range with min below max, and anchors on it in order", () => {
    expect(issues([{ ...NUMERIC_CRITERION, min: 10, max: 10 }])).toEqual({ "criteria.1.max": "The highest value must be above the lowest" });
    expect(issues([{ ...NUMERIC_CRITERION, min: undefined }])).toEqual({ "criteria.1.min": "Give the lowest value" });
    const [low, high] = NUMERIC_CRITERION.levels;
    expect(issues([{ ...NUMERIC_CRITERION, levels: [low, { ...high, value: 12 }] }])).toEqual({ "criteria.1.levels.1.value": "An anchor lies on the scale, from 0 to 10" });
    expect(issues([{ ...NUMERIC_CRITERION, levels: [high, { ...low, value: 10 }] }])).toEqual({ "criteria.1.levels.1.value": "Anchors go from low to high, each above the one before" });
    expect(issues([{ ...NUMERIC_CRITERION, min: -1.5, max: 1.5, levels: [{ ...low, value: -1.5 }, { ...high, value: 0.25 }] }])).toEqual({});
  });

  it("keeps only the fields of a criterion's type when the editor tidies it", () => {
    const switched: Criterion = { ...CATEGORICAL_CRITERION, positive: "Argue", min: 0, max: 3 };
    const tidied = tidyRubric(typedRubric([switched, BINARY_CRITERION, NUMERIC_CRITERION])).criteria;
    expect(tidied[1]).toEqual(CATEGORICAL_CRITERION);
    expect(tidied[2].positive).toBe("Pass");
    expect([tidied[3].min, tidied[3].max]).toEqual([0, 10]);
  });
});

describe("switching a criterion's type in the editor", () => {
  it("keeps the texts and reshapes the levels to what the type needs, so the result is valid", () => {
    const asBinary = withCriterionType(CATEGORICAL_CRITERION, "binary");
    expect(asBinary).toMatchObject({ type: "binary", positive: "Argue", levels: CATEGORICAL_CRITERION.levels.slice(0, 2) });
    expect(issues([asBinary])).toEqual({});

    const asNumeric = withCriterionType(CATEGORICAL_CRITERION, "numeric");
    expect(asNumeric).toMatchObject({ type: "numeric", min: 0, max: 10, levels: CATEGORICAL_CRITERION.levels });
    expect(issues([asNumeric])).toEqual({});

    const backToCategorical = withCriterionType({ ...NUMERIC_CRITERION, levels: [] }, "categorical");
    expect(backToCategorical.levels.map((level) => [level.value, level.label])).toEqual([[1, "Low"], [2, "High"]]);
    expect(backToCategorical).not.toHaveProperty("min");
  });
});

describe("criterion_types rows of a rubric", () => {
  it("declares every criterion but overall, binary labels as [negative, positive], in key order", () => {
    const rows = criterionTypeRows(typedRubric([BINARY_CRITERION, CATEGORICAL_CRITERION, MULTILABEL_CRITERION, NUMERIC_CRITERION, { ...CATEGORICAL_CRITERION, key: "aaa", type: "ordinal" }]));
    expect(rows).toEqual([
      { criterion: "aaa", type: "ordinal", labels: null, positive: null, min: null, max: null },
      { criterion: "errors", type: "multilabel", labels: ["Factual", "Logical", "Off-topic"], positive: null, min: null, max: null },
      { criterion: "intent", type: "categorical", labels: ["Argue", "Question", "Summarise"], positive: null, min: null, max: null },
      { criterion: "is_safe", type: "binary", labels: ["Fail", "Pass"], positive: "Pass", min: null, max: null },
      { criterion: "novelty", type: "numeric", labels: null, positive: null, min: 0, max: 10 },
    ]);
  });
});
