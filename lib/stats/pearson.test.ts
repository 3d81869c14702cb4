import { describe, expect, it } from "vitest";
import { pearsonCorrelation } from "./pearson.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

describe("pearsonCorrelation", () => {
  it("matches scipy's pearsonr docstring example, interval included", () => {
    // scipy.stats.pearsonr([1, 2, 3, 4, 5], [10, 9, 2.5, 6, 4]) and .confidence_interval()
    const result = pearsonCorrelation([1, 2, 3, 4, 5], [10, 9, 2.5, 6, 4]);
    expectClose(result.value, -0.7426106572325056, 1e-15);
    expectRelativelyClose(result.pValue, 0.15055580885344558, 1e-13);
    expectClose(result.ci![0], -0.9816918044786463, 1e-14);
    expectClose(result.ci![1], 0.40501116769030976, 1e-14);
  });

  it("matches scipy on [1..5] vs [5, 6, 7, 8, 7]", () => {
    const result = pearsonCorrelation([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expectClose(result.value, 0.83205029433784372, 1e-15);
    expectRelativelyClose(result.pValue, 0.080509573298498519, 1e-13);
  });

  it("returns null when every value on one side is the same", () => {
    expect(pearsonCorrelation([3, 3, 3], [1, 2, 3])).toEqual({ n: 3, value: null, pValue: null, ci: null });
  });

  it("returns null for fewer than two pairs", () => {
    expect(pearsonCorrelation([], []).value).toBeNull();
    expect(pearsonCorrelation([1], [2]).value).toBeNull();
  });

  it("gives ±1 with p = 1 for two pairs, as scipy does, and no interval below n = 4", () => {
    expect(pearsonCorrelation([1, 2], [5, 3])).toEqual({ n: 2, value: -1, pValue: 1, ci: null });
    expect(pearsonCorrelation([1, 2, 3], [1, 3, 2]).ci).toBeNull();
  });

  it("is exactly 1 with p = 0 on a perfect line", () => {
    const result = pearsonCorrelation([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]);
    expect(result.value).toBe(1);
    expect(result.pValue).toBe(0);
  });

  it("is symmetric and unchanged by positive affine maps", () => {
    const x = [0.3, 1.7, 2.2, 5.1, 4.4, 3.3];
    const y = [1, 2, 2, 4, 3, 4];
    const r = pearsonCorrelation(x, y).value!;
    expectClose(pearsonCorrelation(y, x).value, r, 1e-15);
    expectClose(pearsonCorrelation(x.map((v) => 3 * v - 7), y).value, r, 1e-14);
    expectClose(pearsonCorrelation(x.map((v) => -v), y).value, -r, 1e-15);
  });

  it("rejects arrays of different length and non-finite values", () => {
    expect(() => pearsonCorrelation([1, 2], [1])).toThrow(RangeError);
    expect(() => pearsonCorrelation([1, NaN], [1, 2])).toThrow(RangeError);
  });
});
