import { describe, expect, it } from "vitest";
import { cohenKappa, kappaFromConfusion, type KappaWeights } from "./cohen-kappa.ts";
import { confusionMatrix } from "./confusion-matrix.ts";
import { uniformSource } from "./seeded-random.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

/** Expands a table of counts (rows rater a, columns rater b) into paired label arrays. */
function fromTable(table: number[][], labels: number[]): { a: number[]; b: number[] } {
  const a: number[] = [];
  const b: number[] = [];
  table.forEach((row, i) => row.forEach((count, j) => {
    for (let t = 0; t < count; t++) {
      a.push(labels[i]);
      b.push(labels[j]);
    }
  }));
  return { a, b };
}

describe("cohenKappa", () => {
  it("gives 0.4 on Wikipedia's 50-proposal example (20/5/10/15: p_o = 0.7, p_e = 0.5)", () => {
    const { a, b } = fromTable([[20, 5], [10, 15]], [1, 0]);
    const result = cohenKappa(a, b, [1, 0]);
    expectClose(result.unweighted.value, 0.4, 1e-15);
    expectClose(result.exactAgreement, 0.7, 1e-15);
  });

  it("is 1 for identical labels using at least two levels", () => {
    const labels = [1, 2, 3, 2, 4, 1, 3];
    const result = cohenKappa(labels, labels, [1, 2, 3, 4]);
    expect([result.unweighted.value, result.linear.value, result.quadratic.value]).toEqual([1, 1, 1]);
    expect(result.exactAgreement).toBe(1);
  });

  it("equals 2·s_ab / (s_a² + s_b² + (ā − b̄)²) when quadratic-weighted on equally spaced levels (Fleiss & Cohen 1973)", () => {
    const uniform = uniformSource(11);
    const a = Array.from({ length: 200 }, () => 1 + Math.floor(uniform() * 5));
    const b = a.map((v) => Math.min(5, Math.max(1, v + Math.floor(uniform() * 3) - 1)));
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    const ma = mean(a);
    const mb = mean(b);
    const cov = mean(a.map((v, i) => (v - ma) * (b[i] - mb)));
    const va = mean(a.map((v) => (v - ma) ** 2));
    const vb = mean(b.map((v) => (v - mb) ** 2));
    expectClose(cohenKappa(a, b, [1, 2, 3, 4, 5]).quadratic.value, (2 * cov) / (va + vb + (ma - mb) ** 2), 1e-14);
  });

  it("is symmetric in its two raters", () => {
    const { a, b } = fromTable([[10, 4, 1], [3, 12, 5], [0, 2, 9]], [1, 2, 3]);
    const ab = cohenKappa(a, b, [1, 2, 3]);
    const ba = cohenKappa(b, a, [1, 2, 3]);
    for (const w of ["unweighted", "linear", "quadratic"] as const) {
      expectClose(ba[w].value, ab[w].value!, 1e-15);
      expectClose(ba[w].standardError, ab[w].standardError!, 1e-15);
    }
  });

  it("weights by position in the label list, not by label value", () => {
    const { a, b } = fromTable([[10, 4, 1], [3, 12, 5], [0, 2, 9]], [1, 2, 3]);
    const asNumbers = cohenKappa(a, b, [1, 2, 3]).linear.value;
    const named = ["low", "mid", "high"] as const;
    const asNames = cohenKappa(a.map((v) => named[v - 1]), b.map((v) => named[v - 1]), named).linear.value;
    expect(asNames).toBe(asNumbers);
    expect(cohenKappa(a, b, [1, 3, 2]).linear.value).not.toBeCloseTo(asNumbers!, 3);
  });

  it("leaves out pairs with a label outside the set, as scikit-learn, and counts the rest", () => {
    const result = cohenKappa([1, 2, 9, 1], [1, 2, 1, 2], [1, 2]);
    expect(result.n).toBe(3);
    expect(result.matrix).toEqual([[1, 1], [0, 1]]);
  });

  it("returns null everywhere when there are no pairs", () => {
    const result = cohenKappa([], [], [1, 2]);
    expect(result.exactAgreement).toBeNull();
    expect(result.unweighted).toEqual({ value: null, standardError: null, ci: null });
  });

  it("has no interval when its large-sample variance is 0 (perfect agreement)", () => {
    const result = cohenKappa([1, 2, 1, 2], [1, 2, 1, 2], [1, 2]);
    expect(result.unweighted).toEqual({ value: 1, standardError: 0, ci: null });
  });
});

describe("kappa standard error (Fleiss, Cohen & Everitt 1969)", () => {
  /** The multinomial delta method with a numerical gradient: var = (Σ p g² − (Σ p g)²)/n. */
  function deltaMethodSe(table: number[][], weights: KappaWeights): number {
    const n = table.flat().reduce((s, v) => s + v, 0);
    const kappaOf = (t: number[][]) => kappaFromConfusion(t, weights).value!;
    let sumG = 0;
    let sumG2 = 0;
    table.forEach((row, i) => row.forEach((count, j) => {
      const h = 1e-5 * n;
      const up = table.map((r) => [...r]);
      const down = table.map((r) => [...r]);
      up[i][j] += h;
      down[i][j] -= h;
      // κ depends on the counts only through the proportions; n·∂κ/∂count = ∂κ/∂p.
      const g = (n * (kappaOf(up) - kappaOf(down))) / (2 * h);
      sumG += (count / n) * g;
      sumG2 += (count / n) * g * g;
    }));
    return Math.sqrt((sumG2 - sumG * sumG) / n);
  }

  const table = [[22, 5, 2, 0], [6, 18, 7, 1], [1, 6, 15, 6], [0, 2, 5, 24]];
  for (const weights of ["unweighted", "linear", "quadratic"] as const) {
    it(`equals the delta-method standard error for ${weights} κ`, () => {
      const estimate = kappaFromConfusion(table, weights);
      expectRelativelyClose(estimate.standardError, deltaMethodSe(table, weights), 1e-7);
      const half = 1.959963984540054 * estimate.standardError!;
      expectClose(estimate.ci![0], estimate.value! - half, 1e-14);
      expectClose(estimate.ci![1], estimate.value! + half, 1e-14);
    });
  }
});

describe("confusionMatrix", () => {
  it("puts rater a on rows and rater b on columns, in label order", () => {
    expect(confusionMatrix(["x", "y", "y"], ["y", "y", "x"], ["x", "y"]).matrix).toEqual([[0, 1], [1, 1]]);
  });

  it("rejects duplicate labels", () => {
    expect(() => confusionMatrix([1], [1], [1, 1])).toThrow(RangeError);
  });
});
