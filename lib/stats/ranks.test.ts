import { describe, expect, it } from "vitest";
import { averageRanks, denseRanks } from "./ranks.ts";
import { radixSort } from "./radix-sort.ts";
import { uniformSource } from "./seeded-random.ts";

/** Reference: average ranks by counting, O(n²). */
function referenceRanks(values: number[]): number[] {
  return values.map((v) => {
    const below = values.filter((w) => w < v).length;
    const equal = values.filter((w) => w === v).length;
    return below + (equal + 1) / 2;
  });
}

describe("averageRanks", () => {
  it("gives tied values the mean of the ranks they span, as scipy's rankdata", () => {
    expect(Array.from(averageRanks([40, 10, 20, 20, 40, 40]))).toEqual([5, 1, 2.5, 2.5, 5, 5]);
  });

  it("orders negatives, zeros of either sign, tiny and huge magnitudes numerically", () => {
    const values = [3, -0, 0, -1e-300, 1e300, -2.5, -1e300, 5e-324, -2.5, 0.1, 1];
    expect(Array.from(averageRanks(values))).toEqual(referenceRanks(values));
  });

  it("matches counting on random data with ties", () => {
    const uniform = uniformSource(5);
    const values = Array.from({ length: 500 }, () => Math.round((uniform() - 0.5) * 40) / 8);
    expect(Array.from(averageRanks(values))).toEqual(referenceRanks(values));
  });

  it("orders values that differ only past their first 32 bits, in runs longer than 32", () => {
    const uniform = uniformSource(11);
    const values = Array.from({ length: 600 }, (_, i) => (i % 2 ? -1 : 1) * (1 + Math.floor(uniform() * 200) * 2 ** -40));
    expect(Array.from(averageRanks(values))).toEqual(referenceRanks(values));
  });

  it("ranks integers in a small span (counting) as it ranks them sorted", () => {
    const uniform = uniformSource(13);
    const values = Array.from({ length: 400 }, () => Math.floor(uniform() * 9) - 4);
    values[7] = -0;
    expect(Array.from(averageRanks(values))).toEqual(referenceRanks(values));
    expect(Array.from(denseRanks(values).ranks)).toEqual(values.map((v) => new Set(values.filter((w) => w < v)).size));
  });
});

describe("denseRanks", () => {
  it("numbers the distinct values 0, 1, … and counts each tie group", () => {
    const result = denseRanks([0.5, -1, 0.5, 7, -1, -1]);
    expect(Array.from(result.ranks)).toEqual([1, 0, 1, 2, 0, 0]);
    expect(result.tieCounts).toEqual([3, 2, 1]);
  });
});

describe("radixSort", () => {
  it("is stable: equal values keep the given initial order", () => {
    const { order } = radixSort([2, 1, 2, 1], new Uint32Array([3, 2, 1, 0]));
    expect(Array.from(order)).toEqual([3, 1, 2, 0]);
  });
});
