// F quantiles against 40-digit values (mpmath; fixtures/numeric/f-quantiles.json, written
// by scripts/reference/numeric_reference.py).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fQuantile, studentTCritical, studentTTwoSidedP } from "./f-distribution.ts";
import { expectRelativelyClose } from "./expect-close.ts";

type Quantile = { p: number; d1: number; d2: number; quantile: number };
const { quantiles }: { quantiles: Quantile[] } = JSON.parse(readFileSync(new URL("./fixtures/numeric/f-quantiles.json", import.meta.url), "utf8"));

describe("fQuantile", () => {
  // The incomplete beta's front factor carries ln B(a, b) with an absolute error of about
  // 1e-16 · ln Γ(df/2): ~1e-13 relative at df = 399.
  it.each(quantiles.map((q) => [`p = ${q.p}, F(${q.d1}, ${q.d2})`, q] as const))("matches mpmath at %s", (_, q) => {
    expectRelativelyClose(fQuantile(q.p, q.d1, q.d2), q.quantile, 1e-12);
  });

  it("is the square of Student's t: F(1, 6) at 0.95 is t(6) at 0.975 squared (2.446911851144969²)", () => {
    expectRelativelyClose(studentTCritical(0.95, 6), 2.4469118511449692, 1e-14);
  });

  it("overflows to ∞ or 0 when a degree of freedom is near 0, as scipy.stats.f.ppf", () => {
    expect(fQuantile(0.975, 19, 1e-30)).toBe(Infinity);
    expect(fQuantile(0.975, 1e-30, 19)).toBe(0);
  });

  it("is NaN outside its domain", () => {
    for (const [p, d1, d2] of [[0, 1, 1], [1, 1, 1], [0.5, 0, 1], [0.5, 1, NaN], [0.5, 1, Infinity]]) {
      expect(fQuantile(p, d1, d2)).toBeNaN();
    }
  });
});

describe("studentTTwoSidedP", () => {
  it("gives P(|T₁| ≥ 1) = ½ for the Cauchy distribution and 0 at infinity", () => {
    expectRelativelyClose(studentTTwoSidedP(1, 1), 0.5, 1e-14);
    expect(studentTTwoSidedP(Infinity, 3)).toBe(0);
    expect(studentTTwoSidedP(1, 0)).toBeNaN();
  });
});
