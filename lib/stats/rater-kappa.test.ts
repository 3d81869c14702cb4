import { describe, expect, it } from "vitest";
import { raterPairKappas } from "./rater-kappa.ts";
import { cohenKappa } from "./cohen-kappa.ts";

describe("raterPairKappas", () => {
  const data = [
    [1, 2, 3, 3, 2, 1, 4, null],
    [1, 2, 3, 4, 2, 2, 4, 1],
    [null, 3, 3, 3, 2, 3, 4, 2],
  ];

  it("computes κ for each pair of raters over the units both rated", () => {
    const { pairs } = raterPairKappas(data, [1, 2, 3, 4]);
    expect(pairs.map((p) => [p.raterA, p.raterB, p.n])).toEqual([[0, 1, 7], [0, 2, 6], [1, 2, 7]]);
    const ab = cohenKappa([1, 2, 3, 3, 2, 1, 4], [1, 2, 3, 4, 2, 2, 4], [1, 2, 3, 4]).unweighted.value;
    expect(pairs[0].value).toBe(ab);
  });

  it("averages the defined pairwise κ (Light's κ when unweighted)", () => {
    const { pairs, mean } = raterPairKappas(data, [1, 2, 3, 4]);
    expect(mean).toBe((pairs[0].value! + pairs[1].value! + pairs[2].value!) / 3);
  });

  it("uses the requested weighting", () => {
    const { pairs } = raterPairKappas(data, [1, 2, 3, 4], "quadratic");
    const ab = cohenKappa([1, 2, 3, 3, 2, 1, 4], [1, 2, 3, 4, 2, 2, 4], [1, 2, 3, 4]).quadratic.value;
    expect(pairs[0].value).toBe(ab);
  });

  it("gives a null mean when no pair of raters shares a unit", () => {
    expect(raterPairKappas([[1, null], [null, 2]], [1, 2]).mean).toBeNull();
  });
});
