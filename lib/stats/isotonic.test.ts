// Isotonic calibration against scikit-learn 1.2.1 (fixtures/isotonic/cases.json, written by
// scripts/reference/isotonic_reference.py).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contiguousFolds, crossFitIsotonic, fitIsotonic, meanAbsoluteError, predictIsotonic } from "./isotonic.ts";
import { numpyArraySum } from "./numpy-sum.ts";

type Case = {
  name: string;
  x: number[];
  y: number[];
  weights: number[] | null;
  x_thresholds: number[];
  y_thresholds: number[];
  probes: number[];
  predictions: number[];
  out_of_fold: { predictions: number[]; mae: number; mae_raw: number } | null;
};
type Long = { n: number; x_thresholds: number[]; y_thresholds: number[]; mae: number; mae_raw: number; checks: { sum_x: number; sum_y: number } };
const { cases, long }: { cases: Case[]; long: Long } = JSON.parse(readFileSync(new URL("./fixtures/isotonic/cases.json", import.meta.url), "utf8"));

/** modular() of isotonic_reference.py: integer arithmetic and one correctly rounded division, so the same doubles. */
function modular(n: number): { x: Float64Array; y: Float64Array } {
  const x = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 10007) / 10007);
  const y = Float64Array.from(x, (xi, i) => Math.min(5, 1 + Math.floor(4 * xi + ((i * 13) % 7) / 7)));
  return { x, y };
}

function expectAllClose(got: ArrayLike<number>, want: number[], tolerance: number): void {
  expect(got.length).toBe(want.length);
  let worst = 0;
  for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i] - want[i]));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

describe("fitIsotonic against scikit-learn's IsotonicRegression", () => {
  it.each(cases.map((c) => [c.name, c] as const))("gives X_thresholds_ and y_thresholds_ of %s bit for bit", (_, c) => {
    const map = fitIsotonic(c.x, c.y, c.weights ?? undefined)!;
    expect(Array.from(map.x)).toEqual(c.x_thresholds);
    expect(Array.from(map.y)).toEqual(c.y_thresholds);
  });

  it.each(cases.map((c) => [c.name, c] as const))("predicts %s as predict() does, clipping outside the range", (_, c) => {
    const map = fitIsotonic(c.x, c.y, c.weights ?? undefined)!;
    expectAllClose(predictIsotonic(map, c.probes), c.predictions, 1e-12);
  });

  it("covers ties, a constant judge, near-ties and large inputs", () => {
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining(["ties", "constant-x", "near-ties", "likert-23", "large-2000", "large-ties-1999", "weighted"]),
    );
  });

  it("returns null when there is no point, or every weight is zero", () => {
    expect(fitIsotonic([], [])).toBeNull();
    expect(fitIsotonic([1, 2], [3, 4], [0, 0])).toBeNull();
  });

  it("throws on unpaired or non-finite input", () => {
    expect(() => fitIsotonic([1, 2], [1])).toThrow(RangeError);
    expect(() => fitIsotonic([1, NaN], [1, 2])).toThrow(RangeError);
    expect(() => predictIsotonic({ x: Float64Array.of(0), y: Float64Array.of(1) }, [Infinity])).toThrow(RangeError);
  });
});

describe("cross-fitting in five contiguous folds (KFold without shuffling)", () => {
  it("sizes folds as KFold does: the first n mod 5 one longer", () => {
    expect(Array.from(contiguousFolds(12, 5))).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(Array.from(contiguousFolds(5, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(() => contiguousFolds(4, 5)).toThrow(RangeError);
  });

  const withFolds = cases.filter((c) => c.out_of_fold !== null);
  it.each(withFolds.map((c) => [c.name, c] as const))("reproduces %s's out-of-fold predictions and MAEs", (_, c) => {
    const oof = crossFitIsotonic(c.x, c.y, contiguousFolds(c.x.length, 5))!;
    expectAllClose(oof, c.out_of_fold!.predictions, 1e-12);
    // np.mean(np.abs(…)) to the last bit: numpy's pairwise sum.
    expect(meanAbsoluteError(oof, c.y)).toBe(c.out_of_fold!.mae);
    expect(meanAbsoluteError(c.x, c.y)).toBe(c.out_of_fold!.mae_raw);
  });

  it("agrees to the last bit past numpy's 8192-element summation blocks (20,011 points)", () => {
    const { x, y } = modular(long.n);
    expect([numpyArraySum(x), numpyArraySum(y)]).toEqual([long.checks.sum_x, long.checks.sum_y]);
    const map = fitIsotonic(x, y)!;
    expect(Array.from(map.x)).toEqual(long.x_thresholds);
    expect(Array.from(map.y)).toEqual(long.y_thresholds);
    const oof = crossFitIsotonic(x, y, contiguousFolds(long.n, 5))!;
    expect(meanAbsoluteError(oof, y)).toBe(long.mae);
    expect(meanAbsoluteError(x, y)).toBe(long.mae_raw);
  });

  it("never lets an item's value come from a map that saw it", () => {
    // An outlier in fold 2: a map that saw it would pool it with its neighbours; the
    // others interpolate between x = 4 and x = 7, as if it were not there.
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const y = [1, 2, 3, 4, 100, 6, 7, 8, 9, 10];
    const oof = crossFitIsotonic(x, y, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])!;
    expect([oof[4], oof[5]]).toEqual([5, 6]);
  });

  it("returns null for MAE of nothing", () => {
    expect(meanAbsoluteError([], [])).toBeNull();
  });
});
