import { describe, expect, it } from "vitest";
import { kendallCounts, kendallTauB } from "./kendall-tau.ts";
import { kendallExactPValue } from "./kendall-exact.ts";
import { countInversions } from "./merge-sort-inversions.ts";
import { uniformSource } from "./seeded-random.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

/** O(n²) reference counts straight from the definitions. */
function bruteForceCounts(x: number[], y: number[]) {
  let discordant = 0;
  let xTies = 0;
  let yTies = 0;
  let jointTies = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const s = Math.sign(x[i] - x[j]) * Math.sign(y[i] - y[j]);
      if (s < 0) discordant++;
      if (x[i] === x[j]) xTies++;
      if (y[i] === y[j]) yTies++;
      if (x[i] === x[j] && y[i] === y[j]) jointTies++;
    }
  }
  return { discordant, xTies, yTies, jointTies };
}

/** Every permutation of 0..n−1. */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

function inversions(p: number[]): number {
  let count = 0;
  for (let i = 0; i < p.length; i++) for (let j = i + 1; j < p.length; j++) if (p[i] > p[j]) count++;
  return count;
}

describe("kendallCounts (Knight's O(n log n) algorithm)", () => {
  it.each([
    ["x has fewer distinct values", 5, 8],
    ["y has fewer distinct values", 40, 3],
    ["almost no ties", 1e9, 1e9],
  ])("agrees with the O(n²) definitions on random data where %s", (_, xLevels, yLevels) => {
    const uniform = uniformSource(7);
    for (let trial = 0; trial < 50; trial++) {
      const n = 2 + Math.floor(uniform() * 60);
      const x = Array.from({ length: n }, () => Math.floor(uniform() * xLevels) - 2);
      const y = Array.from({ length: n }, () => Math.floor(uniform() * yLevels) / 4);
      const fast = kendallCounts(x, y);
      expect({ discordant: fast.discordant, xTies: fast.xTies, yTies: fast.yTies, jointTies: fast.jointTies }).toEqual(
        bruteForceCounts(x, y),
      );
    }
  });
});

/**
 * O(n log n) reference independent of the radix sorts: pairs ordered by (x, y) with the
 * built-in sort, discordant pairs as the strict inversions of y's ranks in that order, ties
 * from maps of the values; tie sums in ascending order of value, as kendallCounts adds them.
 */
function referenceCounts(x: number[], y: number[]) {
  const n = x.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i] - x[j] || y[i] - y[j]);
  const yRank = new Map([...new Set(y.map((v) => v + 0))].sort((a, b) => a - b).map((v, r) => [v, r]));
  const sums = (values: number[]) => {
    const counts = new Map<number, number>();
    for (const v of values) counts.set(v + 0, (counts.get(v + 0) ?? 0) + 1);
    let [pairs, v0, v1] = [0, 0, 0];
    for (const [, t] of [...counts].sort((a, b) => a[0] - b[0])) {
      if (t < 2) continue;
      pairs += (t * (t - 1)) / 2;
      v0 += t * (t - 1) * (t - 2);
      v1 += t * (t - 1) * (2 * t + 5);
    }
    return [pairs, v0, v1];
  };
  const joint = new Map<string, number>();
  for (let i = 0; i < n; i++) joint.set(`${x[i] + 0}|${y[i] + 0}`, (joint.get(`${x[i] + 0}|${y[i] + 0}`) ?? 0) + 1);
  const [xTies, x0, x1] = sums(x);
  const [yTies, y0, y1] = sums(y);
  return {
    n,
    total: (n * (n - 1)) / 2,
    discordant: countInversions(order.map((i) => yRank.get(y[i] + 0)!)),
    xTies,
    yTies,
    jointTies: [...joint.values()].reduce((s, t) => s + (t * (t - 1)) / 2, 0),
    x0,
    x1,
    y0,
    y1,
  };
}

describe("kendallCounts on each way of ranking a side", () => {
  const uniform = uniformSource(29);
  const continuous = (n: number) => Array.from({ length: n }, () => (uniform() - 0.3) * 10);
  const fourDecimals = (n: number) => Array.from({ length: n }, () => Math.round(uniform() * 200) / 400 - 0.1);
  const levels = (n: number) => Array.from({ length: n }, () => 1 + Math.floor(uniform() * 5));
  const thousandths = (n: number) => Array.from({ length: n }, () => Math.round(uniform() * 2000) / 1000);
  const sevenths = (n: number) => Array.from({ length: n }, () => Math.round(uniform() * 30000) / 7);
  const withZeros = (values: number[]) => values.map((v, i) => (i % 97 === 0 ? (i % 2 ? -0 : 0) : v));
  it.each([
    ["integers against continuous (counting, radix with a's rank carried)", levels, continuous],
    ["continuous against integers (the sides swapped)", continuous, levels],
    ["few distinct decimals against continuous (hashing)", fourDecimals, continuous],
    ["continuous against few distinct decimals", continuous, fourDecimals],
    ["both continuous (x ranked by a sort first)", continuous, continuous],
    ["integers against few distinct decimals (a table of counts)", levels, fourDecimals],
  ])("agrees with the O(n²) definitions and the reference for %s, ±0 included", (_, makeX, makeY) => {
    const x = withZeros(makeX(1500));
    const y = withZeros(makeY(1500));
    const fast = kendallCounts(x, y);
    expect(fast).toEqual(referenceCounts(x, y));
    expect({ discordant: fast.discordant, xTies: fast.xTies, yTies: fast.yTies, jointTies: fast.jointTies }).toEqual(bruteForceCounts(x, y));
  });

  // b with many distinct values (no hashing) yet ties: pairs tied in b, and in both sides, counted as b's tie groups go by.
  const tiedContinuous = (n: number) => Array.from({ length: n }, () => Math.round(uniform() * (n * 0.4)) / 7);
  it.each([
    ["16 integers (a count per group of the pairs seen above it)", 16],
    ["17 integers (a Fenwick tree over a's groups)", 17],
    ["256 integers (a Fenwick tree over a's groups)", 256],
    ["257 integers (merge sort of the dealt sequence)", 257],
  ])("agrees with the O(n²) definitions for a of %s against b with ties", (_, groups) => {
    const y = withZeros(tiedContinuous(1500));
    // Every group present; beyond, x follows y, so that pairs tied in y are mostly tied in x too.
    const x = y.map((v, i) => (i < groups ? i : (Math.round(v * 7) * 31) % groups));
    const fast = kendallCounts(x, y);
    expect(fast.jointTies).toBeGreaterThan(100);
    expect(fast).toEqual(referenceCounts(x, y));
    expect({ discordant: fast.discordant, xTies: fast.xTies, yTies: fast.yTies, jointTies: fast.jointTies }).toEqual(bruteForceCounts(x, y));
    expect(kendallCounts(y, x)).toEqual({ ...fast, xTies: fast.yTies, yTies: fast.xTies, x0: fast.y0, x1: fast.y1, y0: fast.x0, y1: fast.x1 });
  });

  it.each([
    ["integers against continuous", levels, continuous],
    ["integers against continuous with ties (tie groups of b counted per a group)", levels, tiedContinuous],
    ["few distinct decimals against continuous", fourDecimals, continuous],
    ["both continuous", continuous, continuous],
    ["thousands of distinct decimals on both sides (two counting sorts: too many cells for a table)", thousandths, sevenths],
  ])("agrees with the reference past 2¹⁶ pairs (the sort splits into buckets) for %s", (_, makeX, makeY) => {
    const x = makeX(150_000);
    const y = makeY(150_000);
    expect(kendallCounts(x, y)).toEqual(referenceCounts(x, y));
  }, 60_000); // the reference's own counting of 150,000 pairs takes seconds on a busy machine
});

describe("kendallTauB", () => {
  it("matches scipy's kendalltau docstring example (ties, normal approximation)", () => {
    const result = kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]);
    expectClose(result.value, -0.47140452079103173, 1e-15);
    expectRelativelyClose(result.pValue, 0.2827454599327748, 1e-12);
    expect(result.pValueMethod).toBe("asymptotic");
  });

  it("is unchanged by strictly increasing transforms and symmetric in its arguments", () => {
    const x = [0.3, 1.7, 2.2, 5.1, 4.4, 3.3, 1.7, 0.9];
    const y = [1, 2, 2, 4, 3, 4, 1, 2];
    const tau = kendallTauB(x, y);
    expect(kendallTauB(x.map(Math.exp), y.map((v) => v ** 3))).toEqual(tau);
    expect(kendallTauB(y, x).value).toBe(tau.value);
    expect(kendallTauB(x, y.map((v) => -v)).value).toBe(-tau.value!);
  });

  it("returns null when either side is constant or there are fewer than two pairs", () => {
    expect(kendallTauB([1, 1, 1], [1, 2, 3]).value).toBeNull();
    expect(kendallTauB([1], [2]).value).toBeNull();
    expect(kendallTauB([], []).value).toBeNull();
  });

  it("uses scipy's exact p-value without ties for n ≤ 33, and the normal approximation above", () => {
    const x = Array.from({ length: 34 }, (_, i) => i);
    const y = x.map((v) => (v * 7) % 34);
    expect(kendallTauB(x.slice(0, 33), y.slice(0, 33)).pValueMethod).toBe("exact");
    expect(kendallTauB(x, y).pValueMethod).toBe("asymptotic");
  });

  it("stays exact for large n when at most one pair is out of order (2/n!, 2/(n−1)!)", () => {
    const x = Array.from({ length: 40 }, (_, i) => i);
    const sorted = kendallTauB(x, x);
    expect(sorted.pValueMethod).toBe("exact");
    expectRelativelyClose(sorted.pValue, 2 / 8.159152832478977e47, 1e-15); // 40!
    const oneSwap = [1, 0, ...x.slice(2)];
    expectRelativelyClose(kendallTauB(x, oneSwap).pValue, 2 / 2.0397882081197444e46, 1e-15); // 39!
  });

  it("gives Fieller's interval: Fisher z with standard error √(0.437/(n−4))", () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8];
    const y = [2, 1, 4, 3, 6, 5, 8, 7];
    const result = kendallTauB(x, y);
    const tau = result.value!;
    const half = 1.959963984540054 * Math.sqrt(0.437 / 4);
    expectClose(tau, 0.7142857142857143, 1e-15);
    expectClose(result.ci![0], Math.tanh(Math.atanh(tau) - half), 1e-14);
    expectClose(result.ci![1], Math.tanh(Math.atanh(tau) + half), 1e-14);
    expect(kendallTauB([1, 2, 3, 4], [1, 3, 2, 4]).ci).toBeNull();
  });
});

describe("kendallExactPValue", () => {
  it("equals 2·P(inversions ≤ min(con, dis)) counted over all n! permutations, n = 3…8", () => {
    for (let n = 3; n <= 8; n++) {
      const counts = new Map<number, number>();
      const all = permutations(n);
      for (const p of all) counts.set(inversions(p), (counts.get(inversions(p)) ?? 0) + 1);
      const total = (n * (n - 1)) / 2;
      for (let concordant = 0; concordant <= total; concordant++) {
        const c = Math.min(concordant, total - concordant);
        let atMost = 0;
        for (let k = 0; k <= c; k++) atMost += counts.get(k) ?? 0;
        const want = Math.min(1, (2 * atMost) / all.length);
        expectRelativelyClose(kendallExactPValue(n, concordant), want, 1e-14);
      }
    }
  });

  it("is 1 for n ≤ 2, as scipy", () => {
    expect(kendallExactPValue(2, 1)).toBe(1);
    expect(kendallExactPValue(1, 0)).toBe(1);
  });

  it("gives the same p as kendallTauB for a permutation without ties", () => {
    const y = [3, 1, 4, 0, 2, 6, 5];
    const result = kendallTauB([0, 1, 2, 3, 4, 5, 6], y);
    const discordant = inversions(y);
    expect(result.pValue).toBe(kendallExactPValue(7, 21 - discordant));
  });
});
