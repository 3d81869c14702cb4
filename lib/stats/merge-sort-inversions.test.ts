import { describe, expect, it } from "vitest";
import { countInversions } from "./merge-sort-inversions.ts";
import { uniformSource } from "./seeded-random.ts";

function bruteForce(values: number[]): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) for (let j = i + 1; j < values.length; j++) if (values[i] > values[j]) count++;
  return count;
}

describe("countInversions", () => {
  it("counts strict inversions like the O(n²) definition, with ties, short and long runs", () => {
    const uniform = uniformSource(3);
    for (let trial = 0; trial < 200; trial++) {
      const n = Math.floor(uniform() * 300);
      const levels = 1 + Math.floor(uniform() * 50);
      const values = Array.from({ length: n }, () => Math.floor(uniform() * levels));
      if (trial % 3 === 0) values.sort((a, b) => a - b).splice(Math.floor(n / 2), 0, ...values.slice(0, 5));
      expect(countInversions(values)).toBe(bruteForce(values));
    }
  });

  it("gives n(n−1)/2 for a strictly decreasing sequence and 0 for a constant one", () => {
    expect(countInversions(Array.from({ length: 100 }, (_, i) => 100 - i))).toBe(4950);
    expect(countInversions(new Array(50).fill(7))).toBe(0);
    expect(countInversions([])).toBe(0);
  });

  it("does not modify its input", () => {
    const values = new Int32Array([3, 1, 2]);
    countInversions(values);
    expect(Array.from(values)).toEqual([3, 1, 2]);
  });
});
