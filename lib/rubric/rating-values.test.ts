import { describe, expect, it } from "vitest";
import { CRITERION_TEMPLATES } from "./criterion-templates";
import { checkRatingValues, fromStoredValue, toStoredValue } from "./rating-values";
import { BINARY_CRITERION, CATEGORICAL_CRITERION, MULTILABEL_CRITERION, NUMERIC_CRITERION, typedRubric } from "./test-criteria";

describe("checking a rating's answers", () => {
  const ordinal = typedRubric([...CRITERION_TEMPLATES]);
  const typed = typedRubric();

  it("accepts a rating with the required level and optional ones on their scales", () => {
    expect(checkRatingValues(ordinal, "antithesis", { overall: 3 })).toEqual({});
    expect(checkRatingValues(ordinal, "antithesis", { overall: 4, completeness: 5, critical_intensity: 1 })).toEqual({});
  });

  it("names the criterion that is missing, off its scale, or not for this persona", () => {
    expect(checkRatingValues(ordinal, "thesis", { completeness: 2 })).toEqual({ overall: "Pick a level for Overall quality" });
    expect(checkRatingValues(ordinal, "thesis", { overall: 5 })).toEqual({ overall: "Overall quality takes a level from 1 to 4" });
    expect(checkRatingValues(ordinal, "thesis", { overall: "Good" })).toEqual({ overall: "Overall quality takes a level from 1 to 4" });
    expect(checkRatingValues(ordinal, "thesis", { overall: 2, critical_intensity: 3 })).toEqual({
      critical_intensity: '"critical_intensity" is not a criterion for this turn',
    });
  });

  it("accepts a label of each label criterion, a set of labels (empty too) and a number in range", () => {
    expect(checkRatingValues(typed, "thesis", { overall: 2, is_safe: "Fail", intent: "Question", errors: ["Off-topic", "Factual"], novelty: 7.5 })).toEqual({});
    expect(checkRatingValues(typed, "thesis", { overall: 2, is_safe: "Pass", intent: "Argue", errors: [] })).toEqual({});
    expect(checkRatingValues(typed, "thesis", { overall: 2, is_safe: "Pass", intent: "Argue", errors: [], novelty: 0 })).toEqual({});
  });

  it("refuses a label not in the list, a set with unknown labels, and a number outside min–max", () => {
    const rated = { overall: 2, is_safe: "Pass", intent: "Argue", errors: [] as string[] };
    expect(checkRatingValues(typed, "thesis", { ...rated, is_safe: "pass" })).toEqual({ is_safe: '"pass" is not a label of Safe (Pass, Fail)' });
    expect(checkRatingValues(typed, "thesis", { ...rated, intent: ["Argue"] })).toEqual({ intent: "Intent takes one label" });
    expect(checkRatingValues(typed, "thesis", { ...rated, errors: ["Factual", "Rude", "Long"] })).toEqual({ errors: '"Rude", "Long" are not labels of Errors' });
    expect(checkRatingValues(typed, "thesis", { ...rated, errors: "Factual" })).toEqual({ errors: "Errors takes a set of labels" });
    expect(checkRatingValues(typed, "thesis", { ...rated, novelty: 10.01 })).toEqual({ novelty: "Novelty takes a number from 0 to 10" });
    expect(checkRatingValues(typed, "thesis", { ...rated, novelty: "7" })).toEqual({ novelty: "Novelty takes a number from 0 to 10" });
  });

  it("asks for each required criterion in the words of its type", () => {
    expect(checkRatingValues(typed, "thesis", { overall: 1 })).toEqual({
      is_safe: "Pick a label for Safe",
      intent: "Pick a label for Intent",
      errors: "Tick the labels that apply for Errors, or none",
    });
    expect(checkRatingValues(typedRubric([{ ...NUMERIC_CRITERION, isRequired: true }]), "thesis", { overall: 1 })).toEqual({ novelty: "Give a value for Novelty" });
  });
});

describe("storing an answer", () => {
  it("puts a level, a score, a label or a sorted distinct set in its column, and reads it back", () => {
    const level = toStoredValue(typedRubric().criteria[0], 3);
    const score = toStoredValue(NUMERIC_CRITERION, 6.5);
    const label = toStoredValue(BINARY_CRITERION, "Fail");
    const set = toStoredValue(MULTILABEL_CRITERION, ["Off-topic", "Factual", "Off-topic"]);

    expect([level, score, label, set]).toEqual([
      { level: 3, score: null, label: null, labels: null },
      { level: null, score: 6.5, label: null, labels: null },
      { level: null, score: null, label: "Fail", labels: null },
      { level: null, score: null, label: null, labels: ["Factual", "Off-topic"] },
    ]);
    expect([level, score, label, set, toStoredValue(MULTILABEL_CRITERION, [])].map(fromStoredValue)).toEqual([3, 6.5, "Fail", ["Factual", "Off-topic"], []]);
    expect(toStoredValue(CATEGORICAL_CRITERION, "Question").label).toBe("Question");
  });
});
