import { describe, expect, it } from "vitest";
import { isGoldDue } from "./gold";

function goldPositions(rate: number, items: number): number[] {
  const positions: number[] = [];
  for (let rated = 0; rated < items; rated++) if (isGoldDue(rated, rate)) positions.push(rated + 1);
  return positions;
}

describe("spacing gold items", () => {
  it("makes every tenth item gold at a rate of 10 %", () => {
    expect(goldPositions(0.1, 40)).toEqual([10, 20, 30, 40]);
  });

  it("keeps exact multiples despite binary rounding (0.1 × 30)", () => {
    expect(goldPositions(0.1, 300)).toHaveLength(30);
    expect(goldPositions(0.3, 10)).toEqual([4, 7, 10]);
  });

  it("alternates at 50 % and never serves gold at 0 %", () => {
    expect(goldPositions(0.5, 6)).toEqual([2, 4, 6]);
    expect(goldPositions(0, 100)).toEqual([]);
  });
});
