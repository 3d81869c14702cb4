// PPI++ mean against ppi_py (fixtures/ppi/*.json, written by scripts/reference/ppi_reference.py).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classicalMeanCi, judgeOnlyMean, passIndicators, ppiLambda, ppiMean, type MeanInterval } from "./ppi.ts";
import { expectClose } from "./expect-close.ts";
import { uniformSource } from "./seeded-random.ts";

type Figures = { mean: number | null; ci_low: number | null; ci_high: number | null };
type PpiFigures = Figures & { lambda: number | null; lambda_unclipped: number | null; predictions_constant: boolean; ppi_py_error: string | null };
type Reference = { ppi: PpiFigures; human_only: Figures; judge_only: number | null };
type Dataset = { y: number[]; y_hat: number[]; y_hat_unlabeled: number[] };
type Case = Reference & { name: string; why: string; data: string; alpha: number; lambda: number | null };

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/ppi/${name}`, import.meta.url), "utf8"));
const { datasets, cases }: { datasets: Record<string, Dataset>; cases: Case[] } = fixture("cases.json");
const large: Reference & { seed: number; n: number; N: number; judge_noise: number; human_noise: number; alpha: number; checks: { sum_y: number; y_hat: Record<string, number>; y_hat_unlabeled: Record<string, number> } } =
  fixture("large.json");

const TOLERANCE = 1e-12;
const byName = (name: string) => cases.find((c) => c.name === name)!;

function run(c: Case) {
  const { y, y_hat, y_hat_unlabeled } = datasets[c.data];
  return ppiMean(y, y_hat, y_hat_unlabeled, { alpha: c.alpha, lambda: c.lambda ?? undefined });
}

function expectInterval(got: MeanInterval, want: Figures, tolerance = TOLERANCE): void {
  expectClose(got.mean, want.mean, tolerance);
  expectClose(got.ciLow, want.ci_low, tolerance);
  expectClose(got.ciHigh, want.ci_high, tolerance);
}

describe("ppiMean against ppi_py", () => {
  const regular = cases.filter((c) => !c.ppi.predictions_constant);

  it.each(regular.map((c) => [c.name, c] as const))("reproduces %s", (_, c) => {
    const got = run(c);
    expectInterval(got, c.ppi);
    expectClose(got.lambda, c.ppi.lambda, TOLERANCE);
  });

  it("clips the power-tuned λ to 1 when the unclipped value is above 1", () => {
    const c = byName("clip-high");
    expect(c.ppi.lambda_unclipped).toBeGreaterThan(1);
    expect(run(c).lambda).toBe(1);
  });

  it("clips the power-tuned λ to 0 when the unclipped value is negative, giving the classical interval", () => {
    const c = byName("clip-low");
    expect(c.ppi.lambda_unclipped).toBeLessThan(0);
    const got = run(c);
    expect(got.lambda).toBe(0);
    expectInterval(got, c.human_only);
  });

  it("takes λ = 0 when every label is the same value, and a zero-width interval", () => {
    const got = run(byName("constant-labels"));
    expect(got).toEqual({ mean: 3, ciLow: 3, ciHigh: 3, lambda: 0 });
  });

  it("takes λ = 0 with one label, as ppi_py, and returns the label as a zero-width interval", () => {
    const { y, y_hat, y_hat_unlabeled } = datasets.n1;
    expect(ppiMean(y, y_hat, y_hat_unlabeled)).toEqual({ mean: y[0], ciLow: y[0], ciHigh: y[0], lambda: 0 });
  });

  it("gives the classical figures for λ = 0 and plain PPI for λ = 1", () => {
    expectInterval(run(byName("fixed-lambda-0")), byName("interior").human_only);
    expect(run(byName("fixed-lambda-1")).lambda).toBe(1);
  });

  it("returns null without unlabeled rows (ppi_py raises ZeroDivisionError or gives NaN)", () => {
    expect(byName("no-unlabeled").ppi.ppi_py_error).toBe("ZeroDivisionError");
    expect(run(byName("no-unlabeled"))).toEqual({ mean: null, ciLow: null, ciHigh: null, lambda: null });
    expect(run(byName("no-unlabeled-fixed-lambda"))).toEqual({ mean: null, ciLow: null, ciHigh: null, lambda: 0.5 });
    expect(ppiLambda(datasets.N0.y, datasets.N0.y_hat, [])).toBeNull();
  });

  it("returns null without labeled rows", () => {
    expect(run(byName("no-labels"))).toEqual({ mean: null, ciLow: null, ciHigh: null, lambda: null });
  });
});

describe("ppiMean when every prediction is the same value", () => {
  const constant = cases.filter((c) => c.ppi.predictions_constant);

  it("covers ppi_py's three answers there: NaN, a clip bound, an arbitrary λ in between", () => {
    expect(constant.map((c) => c.name).sort()).toEqual(
      ["constant-predictions-between", "constant-predictions-bound", "constant-predictions-nan"],
    );
  });

  it.each(constant.map((c) => [c.name, c] as const))("%s: λ null, the classical estimate and interval", (_, c) => {
    const got = run(c);
    expect(got.lambda).toBeNull();
    expectInterval(got, c.human_only);
    // Wherever ppi_py returns numbers, they are these (every λ gives the same estimate).
    if (c.ppi.mean !== null) expectInterval(got, c.ppi);
  });
});

describe("classicalMeanCi and judgeOnlyMean against ppi_py and numpy", () => {
  it.each(cases.map((c) => [c.name, c] as const))("reproduces %s", (_, c) => {
    const { y, y_hat, y_hat_unlabeled } = datasets[c.data];
    expectInterval(classicalMeanCi(y, c.alpha), c.human_only);
    expectClose(judgeOnlyMean(y_hat, y_hat_unlabeled), c.judge_only, TOLERANCE);
  });
});

describe("ppiMean on 10⁴ labeled and 10⁶ unlabeled rows", () => {
  // scored_rows of ppi_reference.py, judge moved to 1..5 by 1 + 4·score: the same doubles.
  const uniform = uniformSource(large.seed);
  const y = new Float64Array(large.n);
  const yHat = new Float64Array(large.n);
  const yHatUnlabeled = new Float64Array(large.N);
  for (let i = 0; i < large.n + large.N; i++) {
    const quality = uniform();
    const score = Math.floor(Math.min(0.9999, Math.max(0, quality + (uniform() - 0.5) * large.judge_noise)) * 10000) / 10000;
    const latent = Math.min(0.99999, Math.max(0, quality + (uniform() - 0.5) * large.human_noise));
    if (i < large.n) {
      y[i] = 1 + Math.floor(latent * 5);
      yHat[i] = 1 + 4 * score;
    } else yHatUnlabeled[i - large.n] = 1 + 4 * score;
  }

  it("regenerates the reference inputs", () => {
    expect(y.reduce((a, b) => a + b, 0)).toBe(large.checks.sum_y);
    for (const [i, value] of Object.entries(large.checks.y_hat)) expect(yHat[Number(i)]).toBe(value);
    for (const [j, value] of Object.entries(large.checks.y_hat_unlabeled)) expect(yHatUnlabeled[Number(j)]).toBe(value);
  });

  it("stays within 1e-12 of ppi_py", () => {
    const got = ppiMean(y, yHat, yHatUnlabeled, { alpha: large.alpha });
    expectInterval(got, large.ppi);
    expectClose(got.lambda, large.ppi.lambda, TOLERANCE);
    expectInterval(classicalMeanCi(y, large.alpha), large.human_only);
    expectClose(judgeOnlyMean(yHat, yHatUnlabeled), large.judge_only, TOLERANCE);
  });
});

describe("passIndicators", () => {
  it("is 1 at or above the level and 0 below", () => {
    expect(Array.from(passIndicators([1, 3.99, 4, 5], 4))).toEqual([0, 0, 1, 1]);
  });

  it("gives ppi_py's pass-rate figures when fed to ppiMean", () => {
    const c = byName("pass-rate");
    const { y, y_hat, y_hat_unlabeled } = datasets[c.data];
    const again = ppiMean(passIndicators(y, 1), passIndicators(y_hat, 1), passIndicators(y_hat_unlabeled, 1), { alpha: c.alpha });
    expectInterval(again, c.ppi);
  });
});

describe("input checks", () => {
  it("rejects alpha outside (0, 1), a non-finite λ, unpaired or non-finite values", () => {
    expect(() => ppiMean([1], [1], [1], { alpha: 0 })).toThrow(RangeError);
    expect(() => ppiMean([1], [1], [1], { alpha: 1 })).toThrow(RangeError);
    expect(() => classicalMeanCi([1], 1.5)).toThrow(RangeError);
    expect(() => ppiMean([1], [1], [1], { lambda: Number.NaN })).toThrow(RangeError);
    expect(() => ppiMean([1, 2], [1], [1])).toThrow(RangeError);
    expect(() => ppiMean([1], [1], [Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});
