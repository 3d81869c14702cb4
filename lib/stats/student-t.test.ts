import { describe, expect, it } from "vitest";
import { oneSampleTTestLess, studentTCdf } from "./student-t.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

describe("studentTCdf", () => {
  // References: scipy.special.stdtr (scipy 1.10.1).
  const cases: [number, number, number][] = [
    [3, -0.48989794855663565, 0.3288975500876904],
    [1, -2.5, 0.12111894159084335],
    [29, -1.7, 0.04991689574423466],
    [29, 1.7, 0.9500831042557654],
    [99, -12, 2.5653148439487453e-21],
    [2500, -3.1, 0.0009783812758658505],
    [7, 4.2, 0.99798222003739],
  ];
  it.each(cases)("matches scipy at df %d, t %d to 1e-12 relative", (df, t, want) => {
    expectRelativelyClose(studentTCdf(t, df), want, 1e-12);
  });

  // Raters with thousands of items: ln B(df/2, ½) would lose ~df·1e-16 without the rescaling.
  const large: [number, number, number][] = [
    [3000, -0.5, 0.30855587451600996],
    [6399, -1.5, 0.06683186835154882],
    [6399, -3, 0.0013550977322408667],
    [6399, 0.7, 0.7580236242574215],
    [10000, -0.5, 0.30854303966161667],
    [10000, 2.5, 0.9937823902247082],
  ];
  it.each(large)("matches scipy at df %d, t %d to 1e-13 absolute", (df, t, want) => {
    expectClose(studentTCdf(t, df), want, 1e-13);
  });

  it("gives ½ at 0, 0 and 1 at ∓∞, NaN at NaN", () => {
    expect([studentTCdf(0, 5), studentTCdf(-Infinity, 5), studentTCdf(Infinity, 5)]).toEqual([0.5, 0, 1]);
    expect(studentTCdf(NaN, 5)).toBeNaN();
  });
});

describe("oneSampleTTestLess", () => {
  // References: scipy.stats.ttest_1samp(d, 0.1, alternative="less") on two raters' differences
  // in fixtures/alt-test/neg-rmse-continuous.json: the same counts (22 × +1, 33 × −1) in another order.
  const c07 = "-++-+++--+-++--+--++-+-++------------+++-+----+--++---+";
  const c09 = "++---++-+-++-+------+---++--+++---++++-------+---++---+";
  const diffs = (signs: string) => [...signs].map((s) => (s === "+" ? 1 : -1));

  it("sums the squared deviations in numpy's order, as the last bit of t shows", () => {
    expect(oneSampleTTestLess(diffs(c07), 0.1).statistic).toBe(-2.25);
    expect(oneSampleTTestLess(diffs(c09), 0.1).statistic).toBe(-2.2500000000000004);
    expectRelativelyClose(oneSampleTTestLess(diffs(c07), 0.1).pValue, 0.014272932402817266, 1e-13);
  });

  it("returns t = −∞, +∞ or NaN for constant differences, and null p for NaN or n < 2", () => {
    expect(oneSampleTTestLess([0, 0, 0], 0.2)).toEqual({ statistic: -Infinity, pValue: 0 });
    expect(oneSampleTTestLess([1, 1, 1], 0.2)).toEqual({ statistic: Infinity, pValue: 1 });
    expect(oneSampleTTestLess([1, 1, 1], 1).pValue).toBeNull();
    expect(oneSampleTTestLess([1], 0.2).pValue).toBeNull();
  });
});
