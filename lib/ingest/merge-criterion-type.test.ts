import { describe, expect, it } from "vitest";
import { mergeCriterionType } from "./merge-criterion-type";

describe("mergeCriterionType", () => {
  it("takes the incoming type when nothing is stored", () => {
    expect(mergeCriterionType("tone", null, { type: "categorical", labels: ["ok", "rude"] })).toEqual({ type: { type: "categorical", labels: ["ok", "rude"] } });
  });

  it("keeps the stored labels in their order and appends new ones", () => {
    expect(mergeCriterionType("intent", { type: "categorical", labels: ["question", "request"] }, { type: "categorical", labels: ["praise", "question"] })).toEqual({
      type: { type: "categorical", labels: ["question", "request", "praise"] },
    });
    expect(mergeCriterionType("issues", { type: "multilabel", labels: ["rude"] }, { type: "multilabel", labels: ["too_long"] })).toEqual({
      type: { type: "multilabel", labels: ["rude", "too_long"] },
    });
  });

  it("widens a numeric range to cover both", () => {
    expect(mergeCriterionType("help", { type: "numeric", min: 0, max: 10 }, { type: "numeric", min: 1, max: 12 })).toEqual({ type: { type: "numeric", min: 0, max: 12 } });
  });

  it("refuses another type, naming both and the flag that reads the file as before", () => {
    const result = mergeCriterionType("policy", { type: "binary", labels: ["fail", "pass"], positive: "pass" }, { type: "categorical", labels: ["fail", "pass", "n/a"] });
    expect(result).toEqual({
      problem:
        'criterion "policy" is stored as binary (fail, pass; positive pass) by an earlier import or the rubric; this file makes it categorical (fail, pass, n/a). ' +
        "Declare its type as stored (--criterion-type policy=binary) or import it under another name.",
    });
  });

  it("refuses a binary criterion whose positive label would change", () => {
    const result = mergeCriterionType("safe", { type: "binary", labels: ["no", "yes"], positive: "yes" }, { type: "binary", labels: ["yes", "no"], positive: "no" });
    expect("problem" in result && result.problem).toContain("positive yes");
    expect(mergeCriterionType("safe", { type: "binary", labels: ["no", "yes"], positive: "yes" }, { type: "binary", labels: ["no", "yes"], positive: "yes" })).toEqual({
      type: { type: "binary", labels: ["no", "yes"], positive: "yes" },
    });
  });
});
