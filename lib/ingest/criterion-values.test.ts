import { describe, expect, it } from "vitest";
import type { CriterionDeclaration, CriterionType } from "./criterion-type.schema";
import { inferCriterionType, readCell, readCriterionValue, resolveDeclaredType } from "./criterion-values";

const declare = (type: CriterionDeclaration["type"], more: Partial<CriterionDeclaration> = {}): CriterionDeclaration => ({
  criterion: "c", type, labels: null, positive: null, range: null, ...more,
});

describe("readCell", () => {
  it.each([
    [undefined, { kind: "missing" }],
    ["  ", { kind: "missing" }],
    ["[]", { kind: "set", labels: [] }],
    ["b | a|b", { kind: "set", labels: ["a", "b"] }],
    ['["b", "a", "b"]', { kind: "set", labels: ["a", "b"] }],
    [["x", 2], { kind: "set", labels: ["2", "x"] }],
    [" 3 ", { kind: "number", value: 3, text: "3" }],
    [0.25, { kind: "number", value: 0.25, text: "0.25" }],
    [true, { kind: "boolean", value: true, text: "true" }],
    ["[maybe]", { kind: "text", text: "[maybe]" }],
    [" toxic ", { kind: "text", text: "toxic" }],
    [{ a: 1 }, { kind: "invalid", message: 'expected a number, a label or a list of labels, got {"a":1}' }],
    [[["nested"]], { kind: "invalid", message: 'a label set holds labels (text), got ["nested"]' }],
  ])("reads %j", (value, cell) => {
    expect(readCell(value)).toEqual(cell);
  });
});

describe("inferCriterionType", () => {
  it.each<[string, unknown[], unknown[], CriterionType]>([
    ["JSON booleans make a binary criterion, positive true", [true, false], [true], { type: "binary", labels: ["false", "true"], positive: "true" }],
    ["yes/no in any case make binary, positive yes", ["Yes", "no"], ["NO"], { type: "binary", labels: ["no", "yes"], positive: "yes" }],
    ["pass/fail make binary, positive pass", ["fail", "PASS"], [], { type: "binary", labels: ["fail", "pass"], positive: "pass" }],
    ["one side of a pair names the other", ["fail"], ["fail"], { type: "binary", labels: ["fail", "pass"], positive: "pass" }],
    ["words of two pairs are categories", ["yes", "fail"], [], { type: "categorical", labels: ["fail", "yes"] }],
    ["other text is categorical, labels sorted", ["toxic", "ok", "off-topic"], ["ok"], { type: "categorical", labels: ["off-topic", "ok", "toxic"] }],
    ["JSON arrays make a multi-label criterion", [["b", "a"], []], [["c"]], { type: "multilabel", labels: ["a", "b", "c"] }],
    ["a|b text makes multi-label, single labels included", ["a|b", "c"], ["[]"], { type: "multilabel", labels: ["a", "b", "c"] }],
    ["integer human levels 1–10 are ordinal, whatever the judge's number", ["1", 4, "10"], [0.73], { type: "ordinal" }],
    ["a fractional human number makes numeric, its range over both sides", [2.5, 4], [0.35, 0.9], { type: "numeric", min: 0.35, max: 4 }],
    ["a number outside 1–10 makes numeric", [0, 12], [], { type: "numeric", min: 0, max: 12 }],
    ["text among numbers stays numbers (reported when read)", [3, "lots"], ["high"], { type: "ordinal" }],
    ["no value at all is ordinal", ["", undefined], [], { type: "ordinal" }],
  ])("%s", (_, human, judge, type) => {
    expect(inferCriterionType(human, judge)).toEqual({ type });
  });

  it("refuses a categorical criterion with a single label, and a multi-label one without any", () => {
    expect(inferCriterionType(["ok", "ok"], ["ok"])).toEqual({ error: 'has only the label "ok"; declare its labels (NAME=categorical:a,b,…)' });
    expect(inferCriterionType(["[]"], [[]])).toEqual({ error: "has no labels; declare them (NAME=multilabel:a,b,…)" });
  });

  it("gives a single numeric value a range that holds it and 0–1", () => {
    expect(inferCriterionType([0.5, 0.5], [])).toEqual({ type: { type: "numeric", min: 0, max: 1 } });
  });
});

describe("resolveDeclaredType", () => {
  it("takes what a declaration leaves open from the values", () => {
    expect(resolveDeclaredType(declare("categorical"), ["b", "a", 3])).toEqual({ type: { type: "categorical", labels: ["3", "a", "b"] } });
    expect(resolveDeclaredType(declare("binary"), ["no", "yes"])).toEqual({ type: { type: "binary", labels: ["no", "yes"], positive: "yes" } });
    expect(resolveDeclaredType(declare("binary", { positive: "Fail" }), ["pass"])).toEqual({ type: { type: "binary", labels: ["pass", "fail"], positive: "fail" } });
    expect(resolveDeclaredType(declare("binary", { positive: "toxic" }), ["toxic", "safe"])).toEqual({ type: { type: "binary", labels: ["safe", "toxic"], positive: "toxic" } });
    expect(resolveDeclaredType(declare("binary", { positive: "toxic" }), ["toxic"])).toEqual({ type: { type: "binary", labels: ["not toxic", "toxic"], positive: "toxic" } });
    expect(resolveDeclaredType(declare("numeric"), [3, 7, "9"])).toEqual({ type: { type: "numeric", min: 3, max: 9 } });
    expect(resolveDeclaredType(declare("multilabel"), ["a|b"])).toEqual({ type: { type: "multilabel", labels: ["a", "b"] } });
  });

  it("keeps declared labels and ranges as given", () => {
    expect(resolveDeclaredType(declare("categorical", { labels: ["z", "a"] }), ["a"])).toEqual({ type: { type: "categorical", labels: ["z", "a"] } });
    expect(resolveDeclaredType(declare("numeric", { range: { min: 0, max: 10 } }), [3])).toEqual({ type: { type: "numeric", min: 0, max: 10 } });
    expect(resolveDeclaredType(declare("ordinal"), ["x"])).toEqual({ type: { type: "ordinal" } });
  });
});

describe("readCriterionValue", () => {
  const binary: CriterionType = { type: "binary", labels: ["fail", "pass"], positive: "pass" };
  const categorical: CriterionType = { type: "categorical", labels: ["ok", "toxic"] };
  const multilabel: CriterionType = { type: "multilabel", labels: ["a", "b"] };

  it("reads numbers as a score, with a level when an integer from 1 to 10", () => {
    expect(readCriterionValue({ type: "ordinal" }, "q", "4")).toEqual({ value: { score: 4, level: 4 } });
    expect(readCriterionValue({ type: "ordinal" }, "q", 2.5)).toEqual({ value: { score: 2.5, level: null } });
    expect(readCriterionValue({ type: "numeric", min: 0, max: 20 }, "q", 12)).toEqual({ value: { score: 12, level: null } });
    expect(readCriterionValue({ type: "ordinal" }, "q", "")).toBeNull();
  });

  it("reads labels, boolean words in any case, and label sets", () => {
    expect(readCriterionValue(binary, "q", "PASS")).toEqual({ value: { label: "pass" } });
    expect(readCriterionValue(categorical, "q", "toxic")).toEqual({ value: { label: "toxic" } });
    expect(readCriterionValue(multilabel, "q", "b|a")).toEqual({ value: { labels: ["a", "b"] } });
    expect(readCriterionValue(multilabel, "q", "a")).toEqual({ value: { labels: ["a"] } });
    expect(readCriterionValue(multilabel, "q", "[]")).toEqual({ value: { labels: [] } });
  });

  it.each<[CriterionType, unknown, string]>([
    [{ type: "ordinal" }, "high", 'expected a number, got "high"'],
    [{ type: "numeric", min: 0, max: 10 }, "11", '11 is outside 0–10, the range of numeric criterion "q"'],
    [binary, "maybe", '"maybe" is not a label of binary criterion "q" (fail, pass)'],
    [binary, "yes", '"yes" is not a label of binary criterion "q" (fail, pass)'],
    [categorical, "Toxic", '"Toxic" is not a label of categorical criterion "q" (ok, toxic)'],
    [categorical, "ok|toxic", 'a multi-label value given for categorical criterion "q"'],
    [categorical, ["ok"], 'a multi-label value given for categorical criterion "q"'],
    [multilabel, '["a", "c"]', '"c" is not a label of multilabel criterion "q" (a, b)'],
  ])("refuses in %j the value %j", (type, raw, error) => {
    expect(readCriterionValue(type, "q", raw)).toEqual({ error });
  });
});
