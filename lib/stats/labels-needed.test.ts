import { describe, expect, it } from "vitest";
import { labelsNeeded } from "./labels-needed.ts";

describe("labelsNeeded", () => {
  it("quadruples the ratings to halve the half-width: ±0.10 from 100 ratings needs 300 more for ±0.05", () => {
    expect(labelsNeeded(0.1, 100)).toBe(300);
  });

  it("rounds the total up: ±0.083 from 37 ratings → ⌈37·1.66²⌉ = ⌈101.9572⌉ = 102, so 65 more", () => {
    expect(labelsNeeded(0.083, 37)).toBe(65);
  });

  it("does not round an exact total up through floating-point error: ±0.07 from 400 → 784, so 384 more", () => {
    expect(labelsNeeded(0.07, 400)).toBe(384);
    expect(labelsNeeded(0.06, 50)).toBe(22);
    expect(labelsNeeded(0.15, 10)).toBe(80);
  });

  it("takes another target: ±0.06 from 50 ratings reaches ±0.03 with 150 more", () => {
    expect(labelsNeeded(0.06, 50, 0.03)).toBe(150);
  });

  it("returns 0 when the interval is already within the target", () => {
    expect(labelsNeeded(0.05, 200)).toBe(0);
    expect(labelsNeeded(0.01, 200)).toBe(0);
  });

  it("returns null when the half-width is undefined or there is no rating to scale from", () => {
    expect(labelsNeeded(null, 100)).toBeNull();
    expect(labelsNeeded(Number.NaN, 100)).toBeNull();
    expect(labelsNeeded(0.1, 0)).toBeNull();
  });

  it("rejects a target that is not positive", () => {
    expect(() => labelsNeeded(0.1, 100, 0)).toThrow(RangeError);
  });
});
