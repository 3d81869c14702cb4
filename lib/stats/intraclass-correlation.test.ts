// ICC(A,1) and ICC(C,1) against pingouin.intraclass_corr (fixtures/numeric/numeric.json,
// written by scripts/reference/numeric_reference.py).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { intraclassCorrelation, type IccEstimate } from "./intraclass-correlation.ts";
import { expectClose } from "./expect-close.ts";

type Icc = { icc2_1: number | null; icc2_1_ci: [number, number] | null; icc3_1: number | null; icc3_1_ci: [number, number] | null };
type Case = { name: string; human: number[]; judge: number[]; icc: Icc & { error: string | null }; icc_statsmodels?: Icc };
const { cases }: { cases: Case[] } = JSON.parse(readFileSync(new URL("./fixtures/numeric/numeric.json", import.meta.url), "utf8"));
const byName = (name: string) => cases.find((c) => c.name === name)!;
const TOLERANCE = 1e-12;

function expectEstimate(got: IccEstimate, value: number | null, ci: [number, number] | null): void {
  expectClose(got.value, value, TOLERANCE);
  if (ci === null) return void expect(got.ci).toBeNull();
  expectClose(got.ci?.[0], ci[0], TOLERANCE);
  expectClose(got.ci?.[1], ci[1], TOLERANCE);
}

// "shifted": the judge is the human + 1, so MS_E is 0 and F = MS_T/MS_E is infinite;
// pingouin's MS_E, found by subtraction, is rounding noise that yields a finite interval.
const NOISE_IN_PINGOUIN = new Set(["shifted"]);

describe("intraclassCorrelation against pingouin", () => {
  const regular = cases.filter((c) => c.icc.error === null && !NOISE_IN_PINGOUIN.has(c.name));
  it.each(regular.map((c) => [c.name, c] as const))("reproduces %s", (_, c) => {
    const got = intraclassCorrelation([c.human, c.judge]);
    expectEstimate(got.icc2_1, c.icc.icc2_1, c.icc.icc2_1_ci);
    expectEstimate(got.icc3_1, c.icc.icc3_1, c.icc.icc3_1_ci);
  });

  it("gives McGraw & Wong's figures for two targets, where pingouin's ANOVA asks for 5 ratings", () => {
    const c = byName("n2");
    expect(c.icc.error).toBe("AssertionError");
    const got = intraclassCorrelation([c.human, c.judge]);
    expectEstimate(got.icc2_1, c.icc_statsmodels!.icc2_1, c.icc_statsmodels!.icc2_1_ci);
    expectEstimate(got.icc3_1, c.icc_statsmodels!.icc3_1, c.icc_statsmodels!.icc3_1_ci);
  });

  it("keeps pingouin's values but no interval when the raters differ by a constant only (MS_E = 0)", () => {
    const c = byName("shifted");
    const got = intraclassCorrelation([c.human, c.judge]);
    expectClose(got.icc2_1.value, c.icc.icc2_1, TOLERANCE);
    expect(got.icc3_1.value).toBe(1);
    expect(got.icc2_1.ci).toBeNull();
    expect(got.icc3_1.ci).toBeNull();
  });

  it("returns null when every rating is the same, or with fewer than two targets or raters", () => {
    const none = { value: null, ci: null };
    expect(intraclassCorrelation([[2.5, 2.5, 2.5], [2.5, 2.5, 2.5]]).icc2_1).toEqual(none);
    expect(intraclassCorrelation([[1], [2]]).icc3_1).toEqual(none);
    expect(intraclassCorrelation([[1, 2, 3]]).icc3_1).toEqual(none);
  });

  it("gives ICC(A,1) = 0 and ICC(C,1) null when each rater is constant at a different value", () => {
    const got = intraclassCorrelation([[2, 2, 2, 2], [4, 4, 4, 4]]);
    expect(got.icc2_1.value).toBe(0);
    expect(got.icc3_1.value).toBeNull();
  });

  it("rejects raters of different lengths", () => {
    expect(() => intraclassCorrelation([[1, 2, 3], [1, 2]])).toThrow(RangeError);
  });
});
