import { describe, expect, it } from "vitest";
import { levelFromCutoffs, roundHalfUp, scaleLevel } from "./levels.ts";

describe("roundHalfUp", () => {
  it("rounds halves up, also for negatives, and has no x + 0.5 error", () => {
    expect([0.5, 1.5, 2.5, -2.5, -0.5, 2.4999].map(roundHalfUp)).toEqual([1, 2, 3, -2, 0, 2]);
    expect(roundHalfUp(0.49999999999999994)).toBe(0);
  });
});

describe("scaleLevel", () => {
  it("rounds and clips to the scale", () => {
    expect([0.2, 1.5, 3.49, 4.6, 17].map((v) => scaleLevel(v, 1, 4))).toEqual([1, 2, 3, 4, 4]);
  });
});

describe("levelFromCutoffs", () => {
  it("is LO plus the number of cut-offs at or below the score", () => {
    const cuts = [0.5, 0.65, 0.8];
    expect([0.49, 0.5, 0.64, 0.65, 0.79, 0.8, 1].map((s) => levelFromCutoffs(s, cuts, 1))).toEqual([1, 2, 2, 3, 3, 4, 4]);
  });
});
