import { describe, expect, it } from "vitest";
import { groupLevelCorrelation } from "./group-correlation.ts";
import { pearsonR } from "./pearson.ts";
import { spearmanRho } from "./spearman.ts";

describe("groupLevelCorrelation", () => {
  it("averages the within-group coefficients", () => {
    const x = [1, 2, 3, 1, 2, 3];
    const y = [1, 2, 3, 3, 1, 2];
    const groups = ["p", "p", "p", "q", "q", "q"];
    const result = groupLevelCorrelation(x, y, groups, spearmanRho);
    expect(result).toEqual({ value: (1 + spearmanRho([1, 2, 3], [3, 1, 2])!) / 2, nGroups: 2, nGroupsUsed: 2 });
  });

  it("skips groups where a side is constant or there is a single item", () => {
    const x = [1, 2, 3, 5, 5, 7];
    const y = [2, 4, 7, 1, 2, 3];
    const groups = [1, 1, 1, 2, 2, 3];
    const result = groupLevelCorrelation(x, y, groups, pearsonR);
    expect(result.nGroups).toBe(3);
    expect(result.nGroupsUsed).toBe(1);
    expect(result.value).toBe(pearsonR([1, 2, 3], [2, 4, 7]));
  });

  it("returns null when no group has a defined coefficient", () => {
    expect(groupLevelCorrelation([1, 1], [2, 3], ["a", "a"], pearsonR)).toEqual({ value: null, nGroups: 1, nGroupsUsed: 0 });
  });
});
