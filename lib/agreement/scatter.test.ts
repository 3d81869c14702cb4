import { describe, expect, it } from "vitest";
import { buildPairs } from "./build-pairs";
import { scatterSample } from "./scatter";
import { SEED_CUTOFFS, testData } from "./test-data";

describe("scatterSample", () => {
  const pairs = buildPairs(testData(Array.from({ length: 10 }, (_, i) => ({ ratings: [["a", (i % 4) + 1] as [string, number]], score: i / 10 }))), SEED_CUTOFFS);

  it("keeps every point under the limit", () => {
    expect(scatterSample(pairs, 20).points).toHaveLength(10);
  });

  it("takes an evenly spaced sample above it, and says how many there were", () => {
    const sample = scatterSample(pairs, 4);
    expect(sample.total).toBe(10);
    expect(sample.points.map((p) => p.turnId)).toEqual([1, 3, 6, 8]);
  });
});
