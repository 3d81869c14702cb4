import { describe, expect, it } from "vitest";
import { erfc, logGamma, normalQuantile, normalSurvival, regularizedBeta } from "./special-functions.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

describe("erfc", () => {
  // References: CPython's math.erfc.
  const cases: [number, number][] = [
    [0.05, 0.9436280222029834],
    [0.5, 0.4795001221869535],
    [1.0, 0.15729920705028513],
    [1.2, 0.08968602177036465],
    [2.5, 0.0004069520174449589],
    [5.0, 1.5374597944280351e-12],
    [10.0, 2.088487583762545e-45],
    [20.0, 5.3958656116079005e-176],
  ];
  it.each(cases)("erfc(%d) matches CPython to 1e-14 relative, deep in the tail too", (x, want) => {
    expectRelativelyClose(erfc(x), want, 1e-14);
  });

  it("mirrors negative arguments: erfc(−x) = 2 − erfc(x)", () => {
    expect(erfc(-1.2)).toBe(2 - erfc(1.2));
    expect(erfc(0)).toBe(1);
  });

  it("gives the normal upper tail at 1.96 as 0.025", () => {
    expectClose(normalSurvival(1.959963984540054), 0.025, 1e-15);
  });
});

describe("logGamma", () => {
  // References: CPython's math.lgamma.
  const cases: [number, number][] = [
    [0.5, 0.5723649429247004],
    [1.0, 0],
    [2.5, 0.2846828704729196],
    [10.0, 12.801827480081467],
    [119.5, 450.634284074863],
    [1e6, 12815504.569147611],
  ];
  it.each(cases)("ln Γ(%d) matches CPython to 1e-14 relative (absolute near 0)", (x, want) => {
    expectClose(logGamma(x), want, 1e-14 * Math.max(1, Math.abs(want)));
  });
});

describe("regularizedBeta", () => {
  it("equals the closed forms I_x(a,1) = x^a, I_x(1,b) = 1 − (1−x)^b, I_x(½,½) = 2/π·asin √x", () => {
    for (const x of [0.01, 0.3, 0.5, 0.9, 0.999]) {
      expectRelativelyClose(regularizedBeta(x, 3.5, 1), x ** 3.5, 1e-13);
      expectRelativelyClose(regularizedBeta(x, 1, 4), 1 - (1 - x) ** 4, 1e-13);
      expectRelativelyClose(regularizedBeta(x, 0.5, 0.5), (2 / Math.PI) * Math.asin(Math.sqrt(x)), 1e-13);
    }
  });

  it("keeps relative accuracy at 1e-61 (x^a with a = 119.5)", () => {
    expectRelativelyClose(regularizedBeta(0.3141, 119.5, 1), 7.93630590987732e-61, 1e-12);
  });

  it("keeps relative accuracy for x = 1e-30 with b = ½: 1 − √(1−x) = x/(1+√(1−x))", () => {
    expectRelativelyClose(regularizedBeta(1e-30, 1, 0.5), 5e-31, 1e-13);
  });

  it("is 0 at x = 0 and 1 at x = 1", () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
  });
});

describe("normalQuantile", () => {
  // References: CPython's statistics.NormalDist().inv_cdf (Wichura's AS 241).
  const cases: [number, number][] = [
    [0.975, 1.959963984540054],
    [0.995, 2.5758293035489],
    [0.5, 0],
    [0.3, -0.5244005127080407],
    [1e-10, -6.361340902404056],
    [0.9999, 3.7190164854557084],
  ];
  it.each(cases)("Φ⁻¹(%d) matches to 1e-13", (p, want) => {
    expectClose(normalQuantile(p), want, 1e-13);
  });

  it("rejects p outside (0, 1)", () => {
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});
