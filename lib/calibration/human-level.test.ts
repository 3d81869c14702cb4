import { describe, expect, it } from "vitest";
import { humanLevel } from "./human-level";

describe("humanLevel", () => {
  it("is the median of an odd number of ratings", () => {
    expect(humanLevel([4, 1, 3])).toBe(3);
  });

  it("takes the lower middle level for an even count", () => {
    expect(humanLevel([3, 2])).toBe(2);
    expect(humanLevel([4, 1, 4, 2])).toBe(2);
  });

  it("lets an adjudicated level replace the ratings", () => {
    expect(humanLevel([1, 1, 1], 4)).toBe(4);
    expect(humanLevel([], 2)).toBe(2);
  });

  it("is null for a turn with no rating and no adjudication", () => {
    expect(humanLevel([])).toBeNull();
  });
});
