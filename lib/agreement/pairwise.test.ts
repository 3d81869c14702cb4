import { describe, expect, it } from "vitest";
import type { Preference } from "@/lib/stats";
import { brierScore, expectedCalibrationError } from "@/lib/stats/calibration-error";
import { expectClose } from "@/lib/stats/expect-close";
import type { PairwiseRows } from "./agreement-data";
import { pairwiseFigures } from "./pairwise";

type Row = [pass1: Preference | null, pass2: Preference | null, winner: Preference | null, human: Preference, confidence: number | null];

function rowsOf(rows: Row[]): PairwiseRows {
  return {
    pass1: rows.map((r) => r[0]),
    pass2: rows.map((r) => r[1]),
    winner: rows.map((r) => r[2]),
    human: rows.map((r) => r[3]),
    confidence: rows.map((r) => r[4]),
  };
}

describe("pairwise confidence figures", () => {
  const rows = rowsOf([
    ["model_a", "model_a", "model_a", "model_a", 0.95], // consistent, right, band 0.9–1
    ["model_b", "model_b", "model_b", "model_a", 0.92], // consistent, wrong, band 0.9–1
    ["model_a", "model_b", "tie", "tie", 0.55], // flipped, right, band 0.5–0.7
    ["model_a", "model_b", "tie", "model_b", 0.4], // flipped, wrong, band 0–0.5
    ["model_b", "model_b", "model_b", "model_b", 1], // consistent, right, 1 falls in the last band
    [null, null, "model_a", "model_a", null], // no passes, no confidence: in neither split
  ]);
  const figures = pairwiseFigures(rows)!;

  it("splits agreement by whether the verdict survived the position swap", () => {
    expect(figures.byConsistency.consistent).toEqual({ n: 3, agreement: 2 / 3 });
    expect(figures.byConsistency.flipped).toEqual({ n: 2, agreement: 1 / 2 });
  });

  it("gives agreement per confidence band, 1 in the last band and no confidence in none", () => {
    expect(figures.byConfidence).toEqual([
      { lower: 0, upper: 0.5, n: 1, agreement: 0 },
      { lower: 0.5, upper: 0.7, n: 1, agreement: 1 },
      { lower: 0.7, upper: 0.9, n: 0, agreement: null },
      { lower: 0.9, upper: 1, n: 3, agreement: 2 / 3 },
    ]);
  });

  it("measures calibration over the comparisons with a confidence, against matching the human verdict", () => {
    const confidence = [0.95, 0.92, 0.55, 0.4, 1];
    const right = [true, false, true, false, true];
    expect(figures.calibration!.n).toBe(5);
    expect(figures.calibration!.ece).toBe(expectedCalibrationError(confidence, right));
    expect(figures.calibration!.brier).toBe(brierScore(confidence, right));
    expectClose(figures.calibration!.brier, (0.05 ** 2 + 0.92 ** 2 + 0.45 ** 2 + 0.4 ** 2 + 0) / 5, 1e-12);
    expect(figures.calibration!.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(5);
  });

  it("has no calibration when the judge gave no confidence", () => {
    const none = pairwiseFigures(rowsOf([["model_a", "model_b", "tie", "tie", null]]))!;
    expect(none.calibration).toBeNull();
    expect(none.byConfidence.every((band) => band.n === 0 && band.agreement === null)).toBe(true);
    expect(none.byConsistency).toEqual({ consistent: { n: 0, agreement: null }, flipped: { n: 1, agreement: 1 } });
  });
});
