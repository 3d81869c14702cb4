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

/** The first index where two long arrays differ, −1 when they are equal (a readable failure). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/** Average ranks through the built-in (stable) sort: O(n log n), independent of the radix sort. */
function sortedReferenceRanks(values: ArrayLike<number>): number[] {
  const order = Array.from({ length: values.length }, (_, i) => i).sort((i, j) => values[i] - values[j]);
  const ranks = new Array<number>(values.length);
  for (let start = 0, k = 1; k <= order.length; k++) {
    if (k < order.length && values[order[k]] === values[order[start]]) continue;
    for (let p = start; p < k; p++) ranks[order[p]] = (start + 1 + k) / 2;
    start = k;
  }
  return ranks;
}

describe("averageRanks past 2¹⁶ values (radix sort split into buckets)", () => {
  const uniform = uniformSource(17);
  it.each([
    ["continuous values of both signs, ±0 and repeats", () => (uniform() < 0.01 ? (uniform() < 0.5 ? -0 : 0) : uniform() < 0.1 ? 1.5 : (uniform() - 0.4) * 1e3)],
    ["values crowded in one power of two (dense buckets: the low word's top digit sorted too)", () => 1 + uniform() * 2 ** -10],
    ["values that differ only past their first 40 bits", () => 1 + Math.floor(uniform() * 5000) * 2 ** -45],
    ["few distinct decimals (hashed, no sort)", () => Math.round(uniform() * 1000) / 100],
    ["huge and tiny magnitudes", () => (uniform() < 0.5 ? -1 : 1) * 10 ** (uniform() * 600 - 300)],
    ["most values inside one cell of the split's histogram (that bucket split again)", () => (uniform() < 0.8 ? 1 + uniform() * 2 ** -9 : 10 ** (uniform() * 600 - 300))],
    ["half the values within 2⁻¹³ of 1 (one bucket of 10⁵ values: digits wider than 11 bits)", () => (uniform() < 0.5 ? 1 + uniform() * 2 ** -13 : 1 + uniform() * 255)],
    ["scores in 0…1 and, at odd indices the split's sample skips, extremes (edge buckets past the sampled range)", (i: number) => (i % 2 && i % 1000 < 50 ? (i % 4 === 1 ? -1 : 1) * (1 + uniform()) * 10 ** (i % 300) : uniform())],
  ])("match the built-in sort's ranks for %s", (_, next) => {
    const values = Float64Array.from({ length: 200_000 }, (_, i) => next(i));
    expect(firstDifference(averageRanks(values), sortedReferenceRanks(values))).toBe(-1);
  });

  it("keep radixSort stable from a given order past 2¹⁶ values (isotonic's lexsort)", () => {
    const values = Float64Array.from({ length: 150_000 }, () => Math.floor(uniform() * 300) * 0.37);
    const initial = Uint32Array.from({ length: values.length }, (_, k) => values.length - 1 - k);
    const expected = Array.from(initial).sort((i, j) => values[i] - values[j]);
    expect(firstDifference(radixSort(values, initial).order, expected)).toBe(-1);
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
