import { describe, expect, it } from "vitest";
import { groupLevelCorrelations } from "./group-correlation.ts";
import { groupLevelScoreCorrelations } from "./group-rank-correlation.ts";
import { kendallTau } from "./kendall-tau.ts";
import { pearsonR } from "./pearson.ts";
import { uniformSource } from "./seeded-random.ts";
import { spearmanRho } from "./spearman.ts";

const uniform = uniformSource(41);
const rating = () => 1 + Math.floor(uniform() * 5);
const score = () => (uniform() < 0.05 ? 0 : uniform() < 0.02 ? -0 : Math.round(uniform() * 1e3) / 1e3);
const continuous = () => (uniform() - 0.5) * 7;

/** Rows in `groupCount` groups of random sizes (some of one row, some constant on a side). */
function dataset(n: number, groupCount: number, nextX: () => number, nextY: () => number) {
  const x = Array.from({ length: n }, nextX);
  const y = Array.from({ length: n }, nextY);
  const groups = Array.from({ length: n }, () => `g${Math.floor(uniform() ** 2 * groupCount)}`);
  // A group with one row, and groups constant in x and in y.
  groups.push("single");
  x.push(3);
  y.push(0.5);
  for (let k = 0; k < 4; k++) {
    groups.push("flat-x", "flat-y");
    x.push(2, rating());
    y.push(score(), 0.25);
  }
  return { x, y, groups };
}

describe("groupLevelScoreCorrelations", () => {
  it.each([
    ["ratings against three-decimal scores (y hashed, x counted)", rating, score],
    ["ratings against continuous scores (y radix-sorted)", rating, continuous],
    ["continuous against continuous (x sorted in each group)", continuous, continuous],
    ["ratings against ratings (ties everywhere)", rating, rating],
  ])("equals groupLevelCorrelations with pearsonR, spearmanRho and kendallTau, to the last bit, for %s", (_, nextX, nextY) => {
    const { x, y, groups } = dataset(20_000, 150, nextX, nextY);
    const expected = groupLevelCorrelations(x, y, groups, [pearsonR, spearmanRho, kendallTau]);
    expect(groupLevelScoreCorrelations(Float64Array.from(x), Float64Array.from(y), groups)).toEqual(expected);
    expect(expected[1].nGroupsUsed).toBeLessThan(expected[1].nGroups);
  });

  it("takes numbered groups (as the command line passes them) as it takes named ones", () => {
    const { x, y, groups } = dataset(5_000, 40, rating, score);
    const ids = new Map<string, number>();
    const numbered = Int32Array.from(groups, (g) => ids.get(g) ?? (ids.set(g, ids.size), ids.size - 1));
    expect(groupLevelScoreCorrelations(x, y, numbered)).toEqual(groupLevelScoreCorrelations(x, y, groups));
  });

  it("throws on a non-finite value as the per-group coefficients do", () => {
    const x = [1, 2, 3, 1, 2, 3];
    const y = [0.1, 0.2, Infinity, 0.3, 0.1, 0.2];
    const groups = ["a", "a", "a", "b", "b", "b"];
    expect(() => groupLevelCorrelations(x, y, groups, [pearsonR, spearmanRho, kendallTau])).toThrow(RangeError);
    expect(() => groupLevelScoreCorrelations(x, y, groups)).toThrow("value at index 2 is not a finite number: Infinity");
  });
});
