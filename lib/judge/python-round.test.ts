import { describe, expect, it } from "vitest";
import { pyRound } from "./python-round";

describe("pyRound (Python round(x, n))", () => {
  it("rounds the stored binary value, not the decimal literal", () => {
    expect(pyRound(0.995, 2)).toBe(0.99);
    expect(pyRound(2.675, 2)).toBe(2.67);
    expect(pyRound(1.005, 2)).toBe(1.0);
    expect(pyRound(0.285, 2)).toBe(0.28);
  });

  it("sends exact ties to the even neighbour", () => {
    expect(pyRound(2.25, 1)).toBe(2.2);
    expect(pyRound(0.125, 2)).toBe(0.12);
    expect(pyRound(0.375, 2)).toBe(0.38);
    expect(pyRound(0.5, 0)).toBe(0);
    expect(pyRound(1.5, 0)).toBe(2);
    expect(pyRound(2.5, 0)).toBe(2);
  });

  it("sends negative exact ties to the even neighbour too", () => {
    expect(pyRound(-0.125, 2)).toBe(-0.12);
    expect(pyRound(-2.25, 1)).toBe(-2.2);
    expect(pyRound(-2.5, 0)).toBe(-2);
  });

  it("rounds ordinary negative values like positive ones", () => {
    expect(pyRound(-0.456, 2)).toBe(-0.46);
    expect(pyRound(-1.04, 1)).toBe(-1.0);
  });

  it("keeps the sign of a negative value that rounds to zero, as Python's -0.0", () => {
    expect(Object.is(pyRound(-0.004, 2), -0)).toBe(true);
    expect(Object.is(pyRound(-0.0, 2), -0)).toBe(true);
    expect(Object.is(pyRound(0.004, 2), 0)).toBe(true);
  });

  it("handles a tie on a large value exactly", () => {
    expect(pyRound(1e15 + 0.125, 2)).toBe(1000000000000000.1);
  });

  it("leaves integers, huge values and non-finite values unchanged", () => {
    expect(pyRound(7, 1)).toBe(7);
    expect(pyRound(1e22, 2)).toBe(1e22);
    expect(pyRound(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(pyRound(Number.NaN, 2)).toBeNaN();
  });

  it("refuses a digit count outside 0..100", () => {
    expect(() => pyRound(1, -1)).toThrow(RangeError);
    expect(() => pyRound(1, 1.5)).toThrow(RangeError);
  });
});

describe("pyRound's fast path", () => {
  it("gives the digits' rounding for 200,000 values, many a hair from a half", async () => {
    const { roundByDigits } = await import("./python-round");
    const { uniformSource } = await import("../stats/seeded-random");
    const random = uniformSource(3);
    for (let i = 0; i < 200_000; i++) {
      const ndigits = i % 3;
      const half = (Math.floor(random() * 2000) + 0.5) / 10 ** ndigits;
      const x = i % 4 === 1 ? half : i % 4 === 3 ? half + (random() - 0.5) * 1e-9 : (random() - 0.3) * 10 ** (i % 9);
      const expected = roundByDigits(x, ndigits);
      if (!Object.is(pyRound(x, ndigits), expected)) expect([x, ndigits, pyRound(x, ndigits)]).toEqual([x, ndigits, expected]);
    }
  });
});
