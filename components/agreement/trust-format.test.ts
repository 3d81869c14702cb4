import { describe, expect, it } from "vitest";
import type { QualityEstimate } from "@/lib/agreement/trust-figures";
import type { AltTestResult } from "@/lib/stats/alt-test";
import { altTestHeadline, formatBar, formatEstimate, formatSmallPValue, plannerText, qualityReading, roundForPlanning } from "./trust-format";

function estimate(judge: number, corrected: number, ci: [number, number]): QualityEstimate {
  return {
    judgeOnly: { mean: judge, n: 540 },
    corrected: { mean: corrected, ciLow: ci[0], ciHigh: ci[1], lambda: 0.8, nLabeled: 270, nUnlabeled: 270 },
    humanOnly: { mean: corrected, ciLow: ci[0], ciHigh: ci[1], n: 270 },
  };
}

function altTest(overrides: Partial<AltTestResult>): AltTestResult {
  return {
    nItems: 270, nItemsDropped: 0, epsilon: 0.15, alignment: "neg_rmse", q: 0.05, minRaters: 2, minItems: 30,
    raters: [], nTested: 6, nWon: 4, winningRate: 4 / 6, advantageProbability: 0.8, passed: true,
    ...overrides,
  };
}

describe("altTestHeadline", () => {
  it("gives ω to two decimals, the raters beaten and ε as set", () => {
    expect(altTestHeadline(altTest({}))).toBe("Judge can replace a rater: yes (ω = 0.67, 4 of 6 raters beaten at ε = 0.15)");
    expect(altTestHeadline(altTest({ nWon: 1, nTested: 3, winningRate: 1 / 3, passed: false, epsilon: 0.2 }))).toBe(
      "Judge can replace a rater: no (ω = 0.33, 1 of 3 raters beaten at ε = 0.2)",
    );
  });

  it("says it cannot tell when no rater could be tested", () => {
    expect(altTestHeadline(altTest({ nTested: 0, nWon: 0, winningRate: null, passed: null }))).toBe("Judge can replace a rater: cannot tell yet");
  });
});

describe("plannerText", () => {
  it("rounds the ratings still needed up to two significant digits", () => {
    expect(plannerText(137, 0.05)).toBe("About 140 more ratings to settle it within\u00a0±0.05");
    expect(plannerText(1234, 0.025)).toBe("About 1,300 more ratings to settle it within\u00a0±0.025");
    expect(plannerText(42, 0.05)).toBe("About 42 more ratings to settle it within\u00a0±0.05");
  });

  it("says settled at zero and nothing when the count is unknown", () => {
    expect(plannerText(0, 0.05)).toBe("Settled within\u00a0±0.05");
    expect(plannerText(null, 0.05)).toBeNull();
  });

  it("never rounds a count down", () => {
    expect(roundForPlanning(99.2)).toBe(100);
    expect(roundForPlanning(100)).toBe(100);
    expect(roundForPlanning(101)).toBe(110);
  });
});

describe("figures", () => {
  it("shows an estimate with its interval, minus signs as minus signs", () => {
    expect(formatEstimate(0.7129, [0.6512, 0.7744])).toBe("0.71 (0.65 to 0.77)");
    expect(formatEstimate(-0.05, [-0.12, 0.02])).toBe("−0.05 (−0.12 to 0.02)");
    expect(formatEstimate(0.5, null)).toBe("0.50");
  });

  it("keeps a bar's third decimal only when it has one", () => {
    expect(formatBar(0.6)).toBe("0.60");
    expect(formatBar(0.667)).toBe("0.667");
    expect(formatBar(-0.1)).toBe("−0.10");
  });

  it("writes small p-values in scientific notation", () => {
    expect(formatSmallPValue(3.2e-5)).toBe("3.2e-5");
    expect(formatSmallPValue(0.0042)).toBe("0.004");
    expect(formatSmallPValue(0.5)).toBe("0.50");
    expect(formatSmallPValue(null)).toBe("—");
  });
});

describe("qualityReading", () => {
  it("joins two overstatements in one sentence", () => {
    expect(qualityReading(estimate(2.46, 2.21, [2.12, 2.31]), estimate(0.513, 0.405, [0.353, 0.457]))).toBe(
      "The judge overstates quality by 0.25 levels and the pass rate by 10.8 percentage points.",
    );
  });

  it("names each direction when they differ", () => {
    expect(qualityReading(estimate(2.1, 2.21, [2.12, 2.31]), estimate(0.513, 0.405, [0.353, 0.457]))).toBe(
      "The judge understates quality by 0.11 levels and overstates the pass rate by 10.8 percentage points.",
    );
  });

  it("says when the judge's own figure lies within the corrected interval", () => {
    expect(qualityReading(estimate(2.2, 2.21, [2.12, 2.31]), estimate(0.513, 0.405, [0.353, 0.457]))).toBe(
      "The judge overstates the pass rate by 10.8 percentage points; its own mean level (2.20) is within the corrected interval.",
    );
    expect(qualityReading(estimate(2.2, 2.21, [2.12, 2.31]), estimate(0.4, 0.405, [0.353, 0.457]))).toBe(
      "The judge's own mean level (2.20) and pass rate (40.0 %) are within the corrected intervals.",
    );
  });

  it("says nothing when there is no corrected figure", () => {
    const none: QualityEstimate = { ...estimate(2.2, 0, [0, 0]), corrected: { mean: null, ciLow: null, ciHigh: null, lambda: null, nLabeled: 270, nUnlabeled: 0 } };
    expect(qualityReading(none, none)).toBeNull();
  });
});
