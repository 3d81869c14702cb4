import { describe, expect, it } from "vitest";
import { DEFAULT_OVERALL_CRITERION } from "./criteria";
import { readCriterionType, type AnswerType } from "./criterion-type";
import { directOutputSchema } from "./direct-output.schema";
import { parseModelOutput, type ParsedOutput } from "./model-output";
import { normaliseValue, typedOutputSchema } from "./typed-output.schema";

const binary: AnswerType = { type: "binary", labels: ["fail", "pass"], positive: "pass" };
const categorical: AnswerType = { type: "categorical", labels: ["ok", "off-topic", "toxic"] };
const multilabel: AnswerType = { type: "multilabel", labels: ["typo", "factual", "tone"] };
const numeric: AnswerType = { type: "numeric", min: 0, max: 10 };

const parse = (type: AnswerType, reply: object) => parseModelOutput(JSON.stringify(reply), typedOutputSchema(type));
const problemOf = (result: ParsedOutput<unknown>) => (result.ok ? null : result.problem);

describe("typedOutputSchema", () => {
  it("reads a binary label with its confidence and reasoning", () => {
    expect(parse(binary, { reasoning: "meets the bar", label: "pass", confidence: 0.8 })).toEqual({ ok: true, value: { kind: "label", label: "pass", confidence: 0.8, reasoning: "meets the bar" } });
  });

  it("reads a categorical label from the list", () => {
    expect(parse(categorical, { reasoning: "r", label: "off-topic", confidence: 1 })).toEqual({ ok: true, value: { kind: "label", label: "off-topic", confidence: 1, reasoning: "r" } });
  });

  it("reads a label set sorted and distinct, and an empty set", () => {
    expect(parse(multilabel, { reasoning: "r", labels: ["tone", "factual", "tone"], confidence: 0.5 })).toEqual({ ok: true, value: { kind: "labels", labels: ["factual", "tone"], confidence: 0.5, reasoning: "r" } });
    expect(parse(multilabel, { reasoning: "r", labels: [], confidence: 0 })).toEqual({ ok: true, value: { kind: "labels", labels: [], confidence: 0, reasoning: "r" } });
  });

  it("reads a number within the range, its ends included", () => {
    expect(parse(numeric, { reasoning: "r", value: 7.5, confidence: 0.9 })).toEqual({ ok: true, value: { kind: "number", value: 7.5, confidence: 0.9, reasoning: "r" } });
    expect(parse(numeric, { reasoning: "r", value: 10, confidence: 0.9 }).ok).toBe(true);
    expect(parse(numeric, { reasoning: "r", value: 0, confidence: 0.9 }).ok).toBe(true);
  });

  it("refuses a label outside the list, and one that differs only in case or spaces", () => {
    expect(problemOf(parse(binary, { reasoning: "r", label: "maybe", confidence: 0.5 }))).toBe('the JSON does not match the required format (label: must be one of "fail", "pass")');
    expect(problemOf(parse(binary, { reasoning: "r", label: "Pass", confidence: 0.5 }))).toContain("label: must be one of");
    expect(problemOf(parse(categorical, { reasoning: "r", label: " ok", confidence: 0.5 }))).toContain("label: must be one of");
  });

  it("refuses a label set with a label outside the list, or a single label for a set", () => {
    expect(problemOf(parse(multilabel, { reasoning: "r", labels: ["typo", "style"], confidence: 0.5 }))).toContain("labels.1: must be one of");
    expect(problemOf(parse(multilabel, { reasoning: "r", labels: "typo", confidence: 0.5 }))).toContain("labels: must be a list of labels");
  });

  it("refuses a set for a categorical criterion and a label for a numeric one", () => {
    expect(problemOf(parse(categorical, { reasoning: "r", labels: ["ok"], confidence: 0.5 }))).toContain("label: must be one of");
    expect(problemOf(parse(numeric, { reasoning: "r", value: "7", confidence: 0.5 }))).toContain("value: must be a number from 0 to 10");
  });

  it("refuses a number outside the range", () => {
    expect(problemOf(parse(numeric, { reasoning: "r", value: 10.5, confidence: 0.5 }))).toContain("value: must be from 0 to 10");
    expect(problemOf(parse(numeric, { reasoning: "r", value: -1, confidence: 0.5 }))).toContain("value: must be from 0 to 10");
  });

  it.each([[1.2], [-0.1], ["0.8"], [null]])("refuses a confidence of %o", (confidence) => {
    expect(problemOf(parse(binary, { reasoning: "r", label: "pass", confidence }))).toContain("confidence:");
  });

  it("refuses a reply without a confidence or without reasoning", () => {
    expect(problemOf(parse(binary, { reasoning: "r", label: "pass" }))).toContain("confidence: give a confidence");
    expect(problemOf(parse(binary, { reasoning: " ", label: "pass", confidence: 0.5 }))).toContain("reasoning: give your reasoning");
  });
});

describe("the confidence of a verdict on levels", () => {
  const schema = directOutputSchema([DEFAULT_OVERALL_CRITERION]);
  const verdict = { criterion: "overall", justification: "j", score: 3 };

  it("is read when given and may be left out", () => {
    expect(schema.parse({ scores: [verdict], confidence: 0.7 }).confidence).toBe(0.7);
    expect(schema.parse({ scores: [verdict] }).confidence).toBeUndefined();
  });

  it("makes the reply unusable when outside 0–1", () => {
    expect(problemOf(parseModelOutput(JSON.stringify({ scores: [verdict], confidence: 7 }), schema))).toContain("confidence: a confidence is from 0 to 1");
  });
});

describe("readCriterionType", () => {
  it("is ordinal when the criterion has no row", () => {
    expect(readCriterionType("overall", undefined)).toEqual({ ok: true, type: { type: "ordinal" } });
  });

  it("reads each type from its row", () => {
    const row = { labels: null, positive: null, min: null, max: null };
    expect(readCriterionType("safety", { ...row, type: "binary", labels: ["fail", "pass"], positive: "pass" })).toEqual({ ok: true, type: binary });
    expect(readCriterionType("topic", { ...row, type: "categorical", labels: ["ok", "off-topic", "toxic"] })).toEqual({ ok: true, type: categorical });
    expect(readCriterionType("errors", { ...row, type: "multilabel", labels: ["typo", "factual", "tone"] })).toEqual({ ok: true, type: multilabel });
    expect(readCriterionType("score", { ...row, type: "numeric", min: 0, max: 10 })).toEqual({ ok: true, type: numeric });
  });

  it("reports a row that makes no usable type instead of falling back to levels", () => {
    const result = readCriterionType("topic", { type: "categorical", labels: null, positive: null, min: null, max: null });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^criterion "topic" has a categorical type that cannot be used \(labels: /);
  });
});

describe("normaliseValue", () => {
  it("places a value on 0–1 by the criterion's range", () => {
    expect(normaliseValue(7.5, { min: 0, max: 10 })).toBe(0.75);
    expect(normaliseValue(1, { min: 1, max: 5 })).toBe(0);
    expect(normaliseValue(2, { min: -2, max: 2 })).toBe(1);
  });
});
