import { describe, expect, it } from "vitest";
import { humanLevel, lowerMedian } from "./human-level";

describe("lowerMedian", () => {
  it("is the middle level of an odd count", () => {
    expect(lowerMedian([3, 1, 2])).toBe(2);
    expect(lowerMedian([4, 4, 1, 2, 4])).toBe(4);
  });

  it("takes the lower of the two middle levels of an even count", () => {
    expect(lowerMedian([2, 3])).toBe(2);
    expect(lowerMedian([3, 2])).toBe(2);
    expect(lowerMedian([1, 2, 3, 4])).toBe(2);
    expect(lowerMedian([1, 1, 4, 4])).toBe(1);
  });

  it("is the one level of a single rating, and null for none", () => {
    expect(lowerMedian([3])).toBe(3);
    expect(lowerMedian([])).toBeNull();
  });

  it("does not reorder the caller's array", () => {
    const levels = [4, 1, 3];
    lowerMedian(levels);
    expect(levels).toEqual([4, 1, 3]);
  });
});

describe("humanLevel", () => {
  it("is the lower median when nothing was adjudicated", () => {
    expect(humanLevel([2, 4], null)).toBe(2);
  });

  it("is the adjudicated level when there is one, whatever the raters said", () => {
    expect(humanLevel([1, 1, 1], 4)).toBe(4);
    expect(humanLevel([], 3)).toBe(3);
  });

  it("is null with neither ratings nor adjudication", () => {
    expect(humanLevel([], null)).toBeNull();
  });
});
