import { describe, expect, it } from "vitest";
import { averageRanks } from "./ranks.ts";
import { pearsonR } from "./pearson.ts";
import { uniformSource } from "./seeded-random.ts";
import { spearmanCorrelation, spearmanRho } from "./spearman.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

describe("spearmanCorrelation", () => {
  it("matches scipy's spearmanr docstring example (a tie in y)", () => {
    const result = spearmanCorrelation([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expectClose(result.value, 0.8207826816681233, 1e-15);
    expectRelativelyClose(result.pValue, 0.08858700531354381, 1e-13);
  });

  it("gives −29/165 and p = 0.627188 on Wikipedia's IQ vs TV-hours example", () => {
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    const result = spearmanCorrelation(iq, tv);
    expectClose(result.value, -29 / 165, 1e-15);
    expectClose(result.pValue, 0.627188, 5e-7);
  });

  it("is unchanged by strictly increasing transforms of either side", () => {
    const x = [0.3, 1.7, 2.2, 5.1, 4.4, 3.3, 1.7, 0.9];
    const y = [1, 2, 2, 4, 3, 4, 1, 2];
    const rho = spearmanCorrelation(x, y).value;
    expect(spearmanCorrelation(x.map(Math.exp), y.map((v) => v ** 3)).value).toBe(rho);
  });

  it("is symmetric and flips sign when one side is reversed", () => {
    const x = [0.3, 1.7, 2.2, 5.1, 4.4, 3.3, 1.7, 0.9];
    const y = [1, 2, 2, 4, 3, 4, 1, 2];
    const rho = spearmanCorrelation(x, y).value!;
    expectClose(spearmanCorrelation(y, x).value, rho, 1e-15);
    expectClose(spearmanCorrelation(x, y.map((v) => -v)).value, -rho, 1e-15);
  });

  it("has a null p-value for two pairs (scipy: NaN) and no interval below n = 4", () => {
    expect(spearmanCorrelation([1, 2], [3, 4])).toEqual({ n: 2, value: 1, pValue: null, ci: null });
    expect(spearmanCorrelation([1, 2, 3], [3, 1, 2]).ci).toBeNull();
  });

  it("returns null when one side is constant", () => {
    expect(spearmanCorrelation([1, 2, 3, 4], [7, 7, 7, 7]).value).toBeNull();
  });

  it("uses the Bonett–Wright standard error √((1+ρ²/2)/(n−3)) in its Fisher z interval", () => {
    const result = spearmanCorrelation([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    const rho = result.value!;
    const half = 1.959963984540054 * Math.sqrt((1 + (rho * rho) / 2) / 2);
    expectClose(result.ci![0], Math.tanh(Math.atanh(rho) - half), 1e-14);
    expectClose(result.ci![1], Math.tanh(Math.atanh(rho) + half), 1e-14);
  });
});

describe("spearmanRho", () => {
  const uniform = uniformSource(31);
  const levels = (n: number) => Int32Array.from({ length: n }, () => 1 + Math.floor(uniform() * 4));
  const continuous = (n: number) => Float64Array.from({ length: n }, () => (uniform() - 0.3) * 10);
  const tiedContinuous = (n: number) => Float64Array.from({ length: n }, () => Math.round(uniform() * n * 0.4) / 7);
  const decimals = (n: number) => Float64Array.from({ length: n }, () => Math.round(uniform() * 200) / 400);
  const levelList = (n: number) => Array.from(levels(n));
  it.each([
    ["ratings in an Int32Array against continuous (ranks from a table and halved)", levels, continuous],
    ["continuous against ratings (the sides swapped)", continuous, levels],
    ["both continuous, with ties", tiedContinuous, continuous],
    ["ratings in a plain array against few distinct decimals (two tables)", levelList, decimals],
  ])("equals Pearson's r of averageRanks to the last bit for %s, past 2¹⁶ pairs and below", (_, makeX, makeY) => {
    for (const n of [3000, 150_000]) {
      const [x, y] = [makeX(n), makeY(n)];
      expect(spearmanRho(x, y)).toBe(pearsonR(averageRanks(x), averageRanks(y)));
    }
  });
});
