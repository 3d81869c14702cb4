import { describe, expect, it } from "vitest";
import { criterionDeclarationsSchema, criterionTypeSchema, formatCriterionDeclaration, parseCriterionDeclaration } from "./criterion-type.schema";

const open = { labels: null, positive: null, range: null };

describe("parseCriterionDeclaration", () => {
  it.each([
    ["q=ordinal", { criterion: "q", type: "ordinal", ...open }],
    ["safety=binary", { criterion: "safety", type: "binary", ...open }],
    ["safety=binary:pass", { criterion: "safety", type: "binary", ...open, positive: "pass" }],
    ["safety = binary: safe, toxic", { criterion: "safety", type: "binary", ...open, labels: ["safe", "toxic"], positive: "toxic" }],
    ["intent=categorical:ask, tell,other", { criterion: "intent", type: "categorical", ...open, labels: ["ask", "tell", "other"] }],
    ["tags=multilabel:x", { criterion: "tags", type: "multilabel", ...open, labels: ["x"] }],
    ["score=numeric:-1.5:1e1", { criterion: "score", type: "numeric", ...open, range: { min: -1.5, max: 10 } }],
    ["a=b=categorical", null],
  ])("reads %j", (text, declaration) => {
    if (declaration === null) expect(parseCriterionDeclaration(text)).toEqual({ error: 'unknown type "b=categorical" for criterion "a" (one of ordinal, binary, categorical, multilabel, numeric)' });
    else expect(parseCriterionDeclaration(text)).toEqual({ declaration });
  });

  it.each([
    ["safety", 'expected NAME=TYPE, got "safety"'],
    ["=binary", 'expected NAME=TYPE, got "=binary"'],
    ["q=likert", 'unknown type "likert" for criterion "q" (one of ordinal, binary, categorical, multilabel, numeric)'],
    ["q=ordinal:1,2", 'ordinal takes no labels (criterion "q")'],
    ["q=categorical:only", 'categorical needs at least 2 labels (criterion "q")'],
    ["q=categorical:a,,b", 'an empty label in "a,,b" for criterion "q"'],
    ["q=categorical:a,b,a", 'a label repeats in "a,b,a" for criterion "q"'],
    ["q=binary:a,b,c", 'binary takes the positive label, or negative,positive (criterion "q")'],
    ["q=numeric:10:0", 'numeric takes MIN:MAX with MIN below MAX, got "10:0" (criterion "q")'],
    ["q=numeric:zero:1", 'numeric takes MIN:MAX with MIN below MAX, got "zero:1" (criterion "q")'],
    ["q=multilabel:", 'nothing after "multilabel:" for criterion "q"'],
  ])("refuses %j", (text, error) => {
    expect(parseCriterionDeclaration(text)).toEqual({ error });
  });

  it("writes a declaration back as the text it was read from", () => {
    for (const text of ["q=ordinal", "s=binary:pass", "s=binary:safe,toxic", "c=categorical:b,a", "n=numeric:0:10"]) {
      const parsed = parseCriterionDeclaration(text);
      expect("declaration" in parsed && formatCriterionDeclaration(parsed.declaration)).toBe(text);
    }
  });
});

describe("criterionDeclarationsSchema", () => {
  it("keeps one of a declaration given twice alike", () => {
    expect(criterionDeclarationsSchema.parse(["s=binary", "s=binary", "t=ordinal"]).map((d) => d.criterion)).toEqual(["s", "t"]);
  });

  it("refuses a criterion declared twice with different types", () => {
    const result = criterionDeclarationsSchema.safeParse(["s=binary", "s=categorical:a,b"]);

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['criterion "s" is declared twice with different types']);
  });
});

describe("criterionTypeSchema", () => {
  it("accepts each of the five types", () => {
    const types = [
      { type: "ordinal" },
      { type: "binary", labels: ["fail", "pass"], positive: "pass" },
      { type: "categorical", labels: ["ok", "toxic", "off-topic"] },
      { type: "multilabel", labels: ["a"] },
      { type: "numeric", min: 0, max: 10 },
    ];

    expect(types.map((type) => criterionTypeSchema.safeParse(type).success)).toEqual([true, true, true, true, true]);
  });

  it.each([
    [{ type: "binary", labels: ["pass", "fail"], positive: "pass" }, "labels are [negative, positive]"],
    [{ type: "binary", labels: ["x", "x"], positive: "x" }, "the two labels must differ"],
    [{ type: "categorical", labels: ["one"] }, "a categorical criterion needs at least 2 labels"],
    [{ type: "multilabel", labels: ["a", "a"] }, "labels must be distinct"],
    [{ type: "numeric", min: 1, max: 1 }, "min must be below max"],
  ])("refuses %j", (type, message) => {
    expect(criterionTypeSchema.safeParse(type).error?.issues[0].message).toBe(message);
  });
});
