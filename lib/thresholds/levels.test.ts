import { describe, expect, it } from "vitest";
import { SEED_THRESHOLDS, thresholdsSchema } from "./thresholds.schema";
import { distanceToNearestCutoff, levelName, levelOfScore, scoreRangesOfLevels, type QualityLevel } from "./levels";

const seed = SEED_THRESHOLDS.cutoffs;

describe("levelOfScore", () => {
  it("puts a score exactly on a cut-off in the higher level", () => {
    expect([0.5, 0.65, 0.8].map((score) => levelOfScore(score, seed))).toEqual([2, 3, 4]);
  });

  it("maps the seed's ranges to Poor, Fair, Good, Excellent", () => {
    expect([0.49, 0.64, 0.79, 1].map((score) => levelName(levelOfScore(score, seed)))).toEqual(["Poor", "Fair", "Good", "Excellent"]);
  });
});

describe("distanceToNearestCutoff", () => {
  it("is the gap to the closest of the three cut-offs", () => {
    expect(distanceToNearestCutoff(0.62, seed)).toBeCloseTo(0.03, 12);
    expect(distanceToNearestCutoff(0.9, seed)).toBeCloseTo(0.1, 12);
    expect(distanceToNearestCutoff(0.5, seed)).toBe(0);
  });
});

describe("thresholdsSchema", () => {
  it("accepts the seed's values", () => {
    expect(thresholdsSchema.parse(SEED_THRESHOLDS)).toEqual(SEED_THRESHOLDS);
  });

  it("names the field when the cut-offs are out of order or weights negative", () => {
    const result = thresholdsSchema.safeParse({
      cutoffs: { fair: 0.7, good: 0.65, excellent: 0.6 },
      weights: { default: { length: -1, sentiment: 0, completeness: 1 } },
    });

    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["cutoffs.good", "Good must be above Fair"],
        ["cutoffs.excellent", "Excellent must be above Good"],
        ["weights.default.length", "Weights cannot be negative"],
      ]),
    );
  });
});

describe("scoreRangesOfLevels", () => {
  const cutoffs = { fair: 0.5, good: 0.65, excellent: 0.8 };

  it("writes each level as the scores levelOfScore gives it", () => {
    expect(scoreRangesOfLevels([1], cutoffs)).toEqual([{ below: 0.5 }]);
    expect(scoreRangesOfLevels([2], cutoffs)).toEqual([{ min: 0.5, below: 0.65 }]);
    expect(scoreRangesOfLevels([3], cutoffs)).toEqual([{ min: 0.65, below: 0.8 }]);
    expect(scoreRangesOfLevels([4], cutoffs)).toEqual([{ min: 0.8 }]);
  });

  it("merges adjacent levels and keeps separate ones apart", () => {
    expect(scoreRangesOfLevels([3, 4], cutoffs)).toEqual([{ min: 0.65 }]);
    expect(scoreRangesOfLevels([4, 1], cutoffs)).toEqual([{ below: 0.5 }, { min: 0.8 }]);
    expect(scoreRangesOfLevels([1, 2, 3, 4], cutoffs)).toEqual([{}]);
    expect(scoreRangesOfLevels([], cutoffs)).toEqual([]);
  });

  it("agrees with levelOfScore on and around every cut-off", () => {
    const levelSets: QualityLevel[][] = [[1], [2], [3], [4], [1, 3], [2, 3], [2, 4], [1, 2, 4]];
    const scores = [0, 0.4999999999999999, 0.5, 0.6499999999999999, 0.65, 0.7999999999999999, 0.8, 1];
    for (const levels of levelSets) {
      const ranges = scoreRangesOfLevels(levels, cutoffs);
      for (const score of scores) {
        const inRanges = ranges.some((range) => (range.min === undefined || score >= range.min) && (range.below === undefined || score < range.below));
        expect(inRanges, `${score} in ${levels}`).toBe(levels.includes(levelOfScore(score, cutoffs)));
      }
    }
  });
});
