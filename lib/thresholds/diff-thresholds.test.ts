import { describe, expect, it } from "vitest";
import { diffThresholds } from "./diff-thresholds";
import { SEED_THRESHOLDS } from "./thresholds.schema";

describe("diffThresholds", () => {
  it("is empty for equal values", () => {
    expect(diffThresholds(SEED_THRESHOLDS, structuredClone(SEED_THRESHOLDS))).toEqual([]);
  });

  it("lists each changed cut-off and weight with its old and new value", () => {
    const after = {
      cutoffs: { ...SEED_THRESHOLDS.cutoffs, good: 0.7 },
      weights: { ...SEED_THRESHOLDS.weights, thesis: { length: 0.2, sentiment: 0.1, completeness: 0.6, critical_intensity: 0.1 } },
    };

    expect(diffThresholds(SEED_THRESHOLDS, after)).toEqual([
      { field: "cutoffs.good", label: "Good ≥", from: 0.65, to: 0.7 },
      { field: "weights.thesis.sentiment", label: "Thesis · sentiment", from: 0.2, to: 0.1 },
      { field: "weights.thesis.critical_intensity", label: "Thesis · critical intensity", from: 0, to: 0.1 },
    ]);
  });

  it("shows a persona added or removed with null on the missing side", () => {
    const after = { ...SEED_THRESHOLDS, weights: { ...SEED_THRESHOLDS.weights, planner: { length: 1, sentiment: 0, completeness: 0 } } };

    expect(diffThresholds(SEED_THRESHOLDS, after)).toEqual([
      { field: "weights.planner.length", label: "Planner · length", from: null, to: 1 },
      { field: "weights.planner.sentiment", label: "Planner · sentiment", from: null, to: 0 },
      { field: "weights.planner.completeness", label: "Planner · completeness", from: null, to: 0 },
      { field: "weights.planner.critical_intensity", label: "Planner · critical intensity", from: null, to: 0 },
    ]);
  });
});
