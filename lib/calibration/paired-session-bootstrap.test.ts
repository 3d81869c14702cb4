import { describe, expect, it } from "vitest";
import { kappaFromConfusion } from "@/lib/stats";
import { uniformSource } from "@/lib/stats/seeded-random";
import { pairedSessionBootstrap, quadraticKappaOfMatrix } from "./paired-session-bootstrap";

function levels(n: number, seed: number): number[] {
  const uniform = uniformSource(seed);
  return Array.from({ length: n }, () => 1 + Math.floor(uniform() * 4));
}

describe("quadraticKappaOfMatrix", () => {
  it("equals Cohen's quadratic κ of the same confusion matrix, and is null with one level only", () => {
    const counts = levels(16, 3).map((value, i) => value * ((i % 5) + 1));
    const matrix = [0, 1, 2, 3].map((row) => counts.slice(row * 4, row * 4 + 4));

    expect(quadraticKappaOfMatrix(counts)).toBeCloseTo(kappaFromConfusion(matrix, "quadratic").value!, 12);
    expect(quadraticKappaOfMatrix([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
  });
});

describe("pairedSessionBootstrap", () => {
  const session = Array.from({ length: 200 }, (_, i) => Math.floor(i / 5));
  const human = levels(200, 1);

  it("gives the difference of the two κ, an interval around it, and the same interval for the same seed", () => {
    const a = human.map((level, i) => (i % 4 === 0 ? Math.min(4, level + 1) : level));
    const b = levels(200, 2);

    const result = pairedSessionBootstrap({ session, human, a, b }, { replicates: 500, seed: 9 })!;
    const again = pairedSessionBootstrap({ session, human, a, b }, { replicates: 500, seed: 9 });

    expect(result.difference).toBeCloseTo(result.a - result.b, 15);
    expect(result.ciLow).toBeLessThan(result.difference);
    expect(result.ciHigh).toBeGreaterThan(result.difference);
    expect(result.ciLow).toBeGreaterThan(0);
    expect(result.replicates).toBe(500);
    expect(again).toEqual(result);
  });

  it("gives an interval of exactly 0 when both sets of levels are the same", () => {
    const same = levels(200, 5);

    const result = pairedSessionBootstrap({ session, human, a: same, b: same }, { replicates: 200, seed: 1 })!;

    expect([result.difference, result.ciLow, result.ciHigh]).toEqual([0, 0, 0]);
  });
});
