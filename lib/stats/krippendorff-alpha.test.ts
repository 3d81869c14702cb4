import { describe, expect, it } from "vitest";
import { alphaFromCoincidences, krippendorffAlpha } from "./krippendorff-alpha.ts";
import { expectClose } from "./expect-close.ts";

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C.
const observers = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

describe("krippendorffAlpha", () => {
  it("builds the paper's coincidence matrix (n = 40 pairable values)", () => {
    const result = krippendorffAlpha(observers, "nominal");
    expect(result.nPairable).toBe(40);
    const third = 1 / 3;
    const expected = [
      [7, 4 / 3, third, third, 0],
      [4 / 3, 10, 4 / 3, third, 0],
      [third, 4 / 3, 8, third, 0],
      [third, third, third, 4, 0],
      [0, 0, 0, 0, 3],
    ];
    result.coincidences.flat().forEach((v, i) => expectClose(v, expected.flat()[i], 1e-15));
  });

  it("gives the paper's nominal α exactly: 1 − 39·8 / (40² − Σ n_c²) = 1 − 312/1216", () => {
    expectClose(krippendorffAlpha(observers, "nominal").value, 1 - 312 / 1216, 1e-15);
  });

  it("equals 1 − (n−1)/n·(1 − Scott's π) for two coders on the nominal metric", () => {
    const a = [1, 1, 2, 2, 3, 3, 1, 2];
    const b = [1, 2, 2, 2, 3, 1, 1, 3];
    const n = 2 * a.length;
    const po = a.filter((v, i) => v === b[i]).length / a.length;
    const pe = [1, 2, 3].reduce((s, c) => s + ([...a, ...b].filter((v) => v === c).length / n) ** 2, 0);
    const pi = (po - pe) / (1 - pe);
    expectClose(krippendorffAlpha([a, b], "nominal").value, 1 - ((n - 1) / n) * (1 - pi), 1e-15);
  });

  it("is 1 when every unit gets the same value from all its observers", () => {
    expect(krippendorffAlpha([[1, 2, 3, null], [1, 2, 3, 4], [null, 2, 3, 4]], "interval").value).toBe(1);
  });

  it("returns null when all values are the same (no expected disagreement)", () => {
    expect(krippendorffAlpha([[2, 2, 2], [2, 2, 2]], "ordinal").value).toBeNull();
  });

  it("returns null when no unit has two ratings", () => {
    const result = krippendorffAlpha([[1, null, 3], [null, 2, null]], "nominal");
    expect(result.value).toBeNull();
    expect(result.nPairable).toBe(0);
  });

  it("accepts text labels for the nominal metric only", () => {
    expect(krippendorffAlpha([["a", "b", "a"], ["a", "b", "b"]], "nominal").value).not.toBeNull();
    expect(() => krippendorffAlpha([["a", "b"], ["a", "b"]], "interval")).toThrow(RangeError);
  });
});

describe("alphaFromCoincidences", () => {
  it("gives krippendorffAlpha's α and n from its own coincidence matrix, for every metric", () => {
    for (const metric of ["nominal", "ordinal", "interval", "ratio"] as const) {
      const result = krippendorffAlpha(observers, metric);
      const o = result.coincidences;
      expect(alphaFromCoincidences((c, k) => o[c][k], metric, result.values)).toEqual({ value: result.value, nPairable: 40 });
    }
  });

  it("returns null for an empty matrix", () => {
    expect(alphaFromCoincidences(() => 0, "ordinal", [])).toEqual({ value: null, nPairable: 0 });
  });
});
