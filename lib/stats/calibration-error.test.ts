// ECE, Brier score and reliability bins against numpy (fixtures/numeric/calibration.json,
// written by scripts/reference/numeric_reference.py), with sklearn's calibration_curve.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brierScore, calibrationBinIndex, expectedCalibrationError, reliabilityBins } from "./calibration-error.ts";
import { expectClose } from "./expect-close.ts";

type Bin = { count: number; mean_confidence: number | null; accuracy: number | null };
type Case = {
  name: string;
  confidence: number[];
  correct: number[];
  ece: number | null;
  brier: number | null;
  bins: Bin[];
  sklearn: { prob_true: number[]; prob_pred: number[]; brier: number };
};
const { cases }: { cases: Case[] } = JSON.parse(readFileSync(new URL("./fixtures/numeric/calibration.json", import.meta.url), "utf8"));
const byName = (name: string) => cases.find((c) => c.name === name)!;
const TOLERANCE = 1e-12;
const INNER_EDGES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

describe("calibration against numpy", () => {
  it.each(cases.map((c) => [c.name, c] as const))("reproduces %s", (_, c) => {
    expectClose(expectedCalibrationError(c.confidence, c.correct), c.ece, TOLERANCE);
    expectClose(brierScore(c.confidence, c.correct), c.brier, TOLERANCE);
    expectClose(brierScore(c.confidence, c.correct), c.sklearn.brier, TOLERANCE);
    const bins = reliabilityBins(c.confidence, c.correct);
    expect(bins.map((b) => b.count)).toEqual(c.bins.map((b) => b.count));
    bins.forEach((bin, b) => {
      expectClose(bin.meanConfidence, c.bins[b].mean_confidence, TOLERANCE);
      expectClose(bin.accuracy, c.bins[b].accuracy, TOLERANCE);
    });
  });

  it("has sklearn's calibration_curve bins when no confidence sits on an inner edge", () => {
    const off = cases.filter((c) => !c.confidence.some((v) => INNER_EDGES.includes(v)));
    expect(off.map((c) => c.name)).toContain("uniform");
    for (const c of off) {
      const filled = reliabilityBins(c.confidence, c.correct).filter((b) => b.count > 0);
      filled.forEach((bin, i) => {
        expectClose(bin.meanConfidence, c.sklearn.prob_pred[i], TOLERANCE);
        expectClose(bin.accuracy, c.sklearn.prob_true[i], TOLERANCE);
      });
    }
  });

  it("puts an edge in the bin above it, where sklearn puts it in the bin below", () => {
    // sklearn: searchsorted(linspace(0, 1, 11)[1:-1], c), side "left": 0.1 joins (0, 0.1].
    const c = byName("edges");
    expect(reliabilityBins(c.confidence, c.correct)[0].count).toBe(2); // 0 and 0.05
    expectClose(c.sklearn.prob_pred[0], (0 + 0.1 + 0.05) / 3, TOLERANCE);
  });
});

describe("calibrationBinIndex", () => {
  it("uses [b/10, (b+1)/10) with 1 in the last bin, also where 10·c rounds across an edge", () => {
    expect([0, 0.0999, 0.1, 0.3, 0.6, 0.7, 0.9, 0.95, 1].map((c) => calibrationBinIndex(c))).toEqual([0, 0, 1, 3, 6, 7, 9, 9, 9]);
    // 10 × 0.29999999999999993 rounds to 3, yet it is below the edge 0.3.
    expect(calibrationBinIndex(0.29999999999999993)).toBe(2);
  });

  it("lists all ten bins with their edges, empty ones with null means", () => {
    const bins = reliabilityBins([0.42], [true]);
    expect(bins).toHaveLength(10);
    expect(bins[4]).toEqual({ lower: 0.4, upper: 0.5, count: 1, meanConfidence: 0.42, accuracy: 1 });
    expect(bins[0]).toEqual({ lower: 0, upper: 0.1, count: 0, meanConfidence: null, accuracy: null });
  });
});

describe("input checks", () => {
  it("returns null for no verdicts", () => {
    expect(expectedCalibrationError([], [])).toBeNull();
    expect(brierScore([], [])).toBeNull();
  });

  it("rejects confidences outside [0, 1] and outcomes other than 0, 1 or booleans", () => {
    expect(() => brierScore([1.2], [1])).toThrow(RangeError);
    expect(() => expectedCalibrationError([0.5], [0.5])).toThrow(RangeError);
    expect(() => reliabilityBins([0.5, 0.6], [1])).toThrow(RangeError);
  });
});
