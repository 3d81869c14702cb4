import { describe, expect, it } from "vitest";
import { verdictOf } from "./verdict.ts";

const bar = { min: 0.6, minN: 30 };

describe("verdictOf", () => {
  it("passes when the whole interval is at or above the bar, the low end exactly on it included", () => {
    expect(verdictOf({ estimate: 0.71, ci: [0.65, 0.77], n: 200 }, bar)).toEqual({
      verdict: "pass",
      reason: "above",
      sentence: "The whole interval [0.650, 0.770] is at or above the bar of 0.600.",
    });
    expect(verdictOf({ estimate: 0.7, ci: [0.6, 0.8], n: 200 }, bar).verdict).toBe("pass");
  });

  it("fails when the whole interval is below the bar", () => {
    expect(verdictOf({ estimate: 0.45, ci: [0.38, 0.52], n: 200 }, bar)).toEqual({
      verdict: "fail",
      reason: "below",
      sentence: "The whole interval [0.380, 0.520] is below the bar of 0.600.",
    });
  });

  it("is inconclusive when the interval straddles the bar, giving both ends", () => {
    expect(verdictOf({ estimate: 0.62, ci: [0.55, 0.68], n: 200 }, bar)).toEqual({
      verdict: "inconclusive",
      reason: "straddles",
      sentence: "The interval straddles the bar of 0.600: from 0.550 to 0.680.",
    });
    expect(verdictOf({ estimate: 0.62, ci: [0.55, 0.6], n: 200 }, bar).reason).toBe("straddles");
  });

  it("prints more decimals when three would show an end equal to a bar it misses", () => {
    expect(verdictOf({ estimate: 0.65, ci: [0.59996, 0.7], n: 200 }, bar).sentence).toBe(
      "The interval straddles the bar of 0.600: from 0.59996 to 0.700.",
    );
  });

  it("is inconclusive with too few data: n below the minimum, or no interval", () => {
    expect(verdictOf({ estimate: 0.9, ci: [0.8, 0.95], n: 12 }, bar)).toEqual({
      verdict: "inconclusive",
      reason: "too-few",
      sentence: "Too few data: n = 12, below the minimum of 30.",
    });
    expect(verdictOf({ estimate: 0.9, ci: null, n: 100 }, bar)).toEqual({
      verdict: "inconclusive",
      reason: "too-few",
      sentence: "Too few data for an interval (estimate 0.900).",
    });
  });

  it("is inconclusive when the figure is undefined", () => {
    expect(verdictOf({ estimate: null, ci: null, n: 100 }, bar)).toEqual({
      verdict: "inconclusive",
      reason: "undefined",
      sentence: "The figure is undefined on these data.",
    });
  });

  it("judges a negative bar (a gap of at least −0.1) the same way", () => {
    expect(verdictOf({ estimate: -0.02, ci: [-0.08, 0.04], n: 50 }, { min: -0.1 }).verdict).toBe("pass");
    expect(verdictOf({ estimate: -0.2, ci: [-0.3, -0.12], n: 50 }, { min: -0.1 }).sentence).toBe(
      "The whole interval [−0.300, −0.120] is below the bar of −0.100.",
    );
  });

  it("rejects an interval whose ends are out of order", () => {
    expect(() => verdictOf({ estimate: 0.5, ci: [0.6, 0.4], n: 50 }, bar)).toThrow(RangeError);
  });
});
