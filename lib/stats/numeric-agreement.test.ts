// MAE, RMSE and Lin's CCC against numpy (fixtures/numeric/numeric.json, written by
// scripts/reference/numeric_reference.py).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { concordanceCorrelation, meanAbsoluteError, rootMeanSquaredError } from "./numeric-agreement.ts";
import { expectClose } from "./expect-close.ts";

type Case = { name: string; human: number[]; judge: number[]; mae: number | null; rmse: number | null; ccc: number | null };
const { cases }: { cases: Case[] } = JSON.parse(readFileSync(new URL("./fixtures/numeric/numeric.json", import.meta.url), "utf8"));
const byName = (name: string) => cases.find((c) => c.name === name)!;
const TOLERANCE = 1e-12;

describe("MAE, RMSE and Lin's CCC against numpy", () => {
  it.each(cases.map((c) => [c.name, c] as const))("reproduces %s", (_, c) => {
    expectClose(meanAbsoluteError(c.human, c.judge), c.mae, TOLERANCE);
    expectClose(rootMeanSquaredError(c.human, c.judge), c.rmse, TOLERANCE);
    expectClose(concordanceCorrelation(c.human, c.judge), c.ccc, TOLERANCE);
  });
});

describe("concordanceCorrelation", () => {
  it("follows Lin's worked formula with divisor n: x = (1, 2, 3), y = (2, 3, 5)", () => {
    // x̄ = 2, ȳ = 10/3, s_xy = 1, s_x² = 2/3, s_y² = 14/9: 2/(2/3 + 14/9 + 16/9) = 1/2.
    expectClose(concordanceCorrelation([1, 2, 3], [2, 3, 5]), 0.5, 1e-15);
  });

  it("is 1 when the judge equals the human, and below Pearson's r under a constant shift", () => {
    const c = byName("shifted");
    expect(concordanceCorrelation(c.human, c.human)).toBe(1);
    expect(concordanceCorrelation(c.human, c.judge)!).toBeLessThan(1);
  });

  it("is 0 when one side is constant and null when both are the same constant", () => {
    expect(concordanceCorrelation(byName("human-constant").human, byName("human-constant").judge)).toBe(0);
    expect(concordanceCorrelation([2.5, 2.5], [2.5, 2.5])).toBeNull();
    expect(concordanceCorrelation([2, 2], [4, 4])).toBe(0);
  });

  it("returns null for fewer than two pairs, where MAE and RMSE still exist", () => {
    expect(concordanceCorrelation([2], [3.5])).toBeNull();
    expect(meanAbsoluteError([2], [3.5])).toBe(1.5);
    expect(rootMeanSquaredError([], [])).toBeNull();
  });

  it("rejects unpaired or non-finite input", () => {
    expect(() => meanAbsoluteError([1, 2], [1])).toThrow(RangeError);
    expect(() => concordanceCorrelation([1, NaN], [1, 2])).toThrow(RangeError);
  });
});
