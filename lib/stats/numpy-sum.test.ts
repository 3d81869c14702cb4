import { describe, expect, it } from "vitest";
import { numpySum } from "./numpy-sum.ts";

describe("numpySum", () => {
  it("rounds as numpy's pairwise summation: np.sum(0.1 * np.arange(1, n + 1)) for n = 3, 10, 199", () => {
    const tenths = (n: number) => Array.from({ length: n }, (_, i) => 0.1 * (i + 1));
    const inOrder = (values: number[]) => values.reduce((s, v) => s + v, 0);
    expect(numpySum(tenths(3), 0, 3)).toBe(inOrder(tenths(3)));
    expect([numpySum(tenths(10), 0, 10), inOrder(tenths(10))]).toEqual([5.5, 5.500000000000001]);
    expect([numpySum(tenths(199), 0, 199), inOrder(tenths(199))]).toEqual([1990, 1990.0000000000002]);
  });
});
