// Inverse-probability weighting against numpy (fixtures/ipw/cases.json, written by
// scripts/reference/ipw_reference.py), its reduction to PPI++ with equal weights, and the
// simulation issue 21 asks for: under escalation the weighted estimate stays unbiased.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inclusionProbability } from "../queue/inclusion.ts";
import { expectClose } from "./expect-close.ts";
import { effectiveSampleSize, hajekMean, hajekMeanCi, horvitzThompsonMean, weightedPpiMean } from "./ipw.ts";
import { classicalMeanCi, ppiMean } from "./ppi.ts";
import { uniformSource } from "./seeded-random.ts";

type Interval = { mean: number; ci_low: number; ci_high: number };
type Case = {
  name: string;
  alpha: number;
  data: { y: number[]; p: number[]; y_hat: number[]; population: number[] };
  hajek: Interval;
  horvitz_thompson: number;
  n_eff: number;
  ppi: Interval & { lambda: number };
  ppi_lambda_half: Interval & { lambda: number };
};
const { cases }: { cases: Case[] } = JSON.parse(readFileSync(new URL("./fixtures/ipw/cases.json", import.meta.url), "utf8"));
const TOLERANCE = 1e-12;

describe("weighted means against numpy", () => {
  it.each(cases.map((c) => [c.name, c] as const))("reproduces %s", (_, c) => {
    const { y, p, y_hat, population } = c.data;
    const hajek = hajekMeanCi(y, p, c.alpha);
    expectClose(hajek.mean, c.hajek.mean, TOLERANCE);
    expectClose(hajek.ciLow, c.hajek.ci_low, TOLERANCE);
    expectClose(hajek.ciHigh, c.hajek.ci_high, TOLERANCE);
    expectClose(horvitzThompsonMean(y, p, population.length), c.horvitz_thompson, TOLERANCE);
    expectClose(effectiveSampleSize(p), c.n_eff, TOLERANCE);
    for (const [got, want] of [
      [weightedPpiMean(y, y_hat, p, population, { alpha: c.alpha }), c.ppi],
      [weightedPpiMean(y, y_hat, p, population, { alpha: c.alpha, lambda: 0.5 }), c.ppi_lambda_half],
    ] as const) {
      expectClose(got.mean, want.mean, TOLERANCE);
      expectClose(got.ciLow, want.ci_low, TOLERANCE);
      expectClose(got.ciHigh, want.ci_high, TOLERANCE);
      expectClose(got.lambda, want.lambda, TOLERANCE);
    }
  });

  it("gives the worked example's Hájek mean: (1/0.5 + 1/0.25 + 1/0.1) / (2 + 10 + 4 + 10 + 5) = 16/31", () => {
    expect(hajekMean([1, 0, 1, 1, 0], [0.5, 0.1, 0.25, 0.1, 0.2])).toBeCloseTo(16 / 31, 15);
    expect(horvitzThompsonMean([1, 0, 1, 1, 0], [0.5, 0.1, 0.25, 0.1, 0.2], 10)).toBeCloseTo(1.6, 15);
  });

  it("equals the plain mean, the classical interval and PPI++ when every probability is the same", () => {
    const { y, y_hat, population } = cases.find((c) => c.name.startsWith("medium"))!.data;
    const equal = y.map(() => 0.01);
    const classical = classicalMeanCi(y);
    const hajek = hajekMeanCi(y, equal);
    expectClose(hajek.mean, classical.mean, TOLERANCE);
    expectClose(hajek.ciLow, classical.ciLow, TOLERANCE);
    expectClose(hajek.ciHigh, classical.ciHigh, TOLERANCE);
    const plain = ppiMean(y, y_hat, population);
    const weighted = weightedPpiMean(y, y_hat, equal, population);
    expectClose(weighted.lambda, plain.lambda, TOLERANCE);
    expectClose(weighted.mean, plain.mean, TOLERANCE);
    expectClose(weighted.ciLow, plain.ciLow, TOLERANCE);
    expectClose(weighted.ciHigh, plain.ciHigh, TOLERANCE);
    expect(effectiveSampleSize(equal)).toBeCloseTo(y.length, 10);
  });

  it("returns null with nothing rated and refuses a probability outside (0, 1]", () => {
    expect(hajekMean([], [])).toBeNull();
    expect(hajekMeanCi([], [])).toEqual({ mean: null, ciLow: null, ciHigh: null });
    expect(weightedPpiMean([], [], [], [0.5])).toEqual({ mean: null, ciLow: null, ciHigh: null, lambda: null });
    expect(() => hajekMean([1], [0])).toThrow("inclusion probability at index 0 must lie in (0, 1], got 0");
    expect(() => hajekMean([1], [1.5])).toThrow("got 1.5");
  });
});

describe("the inclusion probability of a take", () => {
  it("is s + (1 − s)/|P| for the escalated item served, (1 − s)/|P| for any other, 1/|P| with nothing escalated", () => {
    expect(inclusionProbability({ share: 0.2, poolSize: 100, escalatedSize: 5, isTopEscalated: true })).toBeCloseTo(0.208, 15);
    expect(inclusionProbability({ share: 0.2, poolSize: 100, escalatedSize: 5, isTopEscalated: false })).toBeCloseTo(0.008, 15);
    expect(inclusionProbability({ share: 0.2, poolSize: 100, escalatedSize: 0, isTopEscalated: false })).toBe(0.01);
    expect(() => inclusionProbability({ share: 0.2, poolSize: 0, escalatedSize: 0, isTopEscalated: false })).toThrow("at least one item");
  });
});

/**
 * One run of the sampled queue design on a fresh population: N items with a judge score
 * x ~ U(0, 1); those within 0.05 of the 0.5 cut-off are escalated (priority: nearest first)
 * and disagree with the judge more often (60 % against 20 %). `takes` items are drawn
 * without replacement, each by lib/queue's rule, and their inclusion probability recorded.
 * Returns the true disagreement rate and the unweighted and Hájek estimates.
 */
function simulateRun(seed: number, { size, takes, share }: { size: number; takes: number; share: number }) {
  const random = uniformSource(seed);
  const x = Float64Array.from({ length: size }, () => random());
  const y = Float64Array.from(x, (score) => (random() < (Math.abs(score - 0.5) < 0.05 ? 0.6 : 0.2) ? 1 : 0));
  const truth = y.reduce((a, b) => a + b, 0) / size;
  // The judge's guess of each item's disagreement: right on average for each group, noisy per item.
  const guess = Float64Array.from(x, (score) => Math.min(1, Math.max(0, (Math.abs(score - 0.5) < 0.05 ? 0.55 : 0.22) + 0.2 * (random() - 0.5))));
  const escalated = [...x.keys()].filter((i) => Math.abs(x[i] - 0.5) < 0.05).sort((a, b) => Math.abs(x[a] - 0.5) - Math.abs(x[b] - 0.5) || a - b);
  const taken = new Uint8Array(size);
  let escalatedLeft = escalated.length;
  let top = 0;
  const values: number[] = [];
  const guesses: number[] = [];
  const probabilities: number[] = [];
  for (let t = 0; t < takes; t++) {
    while (top < escalated.length && taken[escalated[top]]) top++;
    const poolSize = size - t;
    const useEscalated = escalatedLeft > 0 && random() < share;
    let item = useEscalated ? escalated[top] : -1;
    // A uniform draw among the items not yet taken (redrawn when it lands on a taken one).
    while (item < 0 || (!useEscalated && taken[item])) item = Math.floor(random() * size);
    const isTop = escalatedLeft > 0 && item === escalated[top];
    probabilities.push(inclusionProbability({ share, poolSize, escalatedSize: escalatedLeft, isTopEscalated: isTop }));
    values.push(y[item]);
    guesses.push(guess[item]);
    taken[item] = 1;
    if (Math.abs(x[item] - 0.5) < 0.05) escalatedLeft--;
  }
  return {
    truth,
    unweighted: values.reduce((a, b) => a + b, 0) / takes,
    weighted: hajekMean(values, probabilities)!,
    weightedPpi: weightedPpiMean(values, guesses, probabilities, guess).mean!,
  };
}

function errorSummary(errors: number[]) {
  const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
  const sd = Math.sqrt(errors.reduce((a, e) => a + (e - mean) ** 2, 0) / (errors.length - 1));
  return { mean, standardError: sd / Math.sqrt(errors.length) };
}

describe("escalation keeps the weighted estimate unbiased (500 seeded runs)", () => {
  it("the Hájek estimate's and the weighted PPI++ estimate's mean errors lie within 2 standard errors, the unweighted one's far outside", { timeout: 60_000 }, () => {
    const design = { size: 20_000, takes: 200, share: 0.2 };
    const runs = Array.from({ length: 500 }, (_, r) => simulateRun(r + 1, design));
    const weighted = errorSummary(runs.map((run) => run.weighted - run.truth));
    const unweighted = errorSummary(runs.map((run) => run.unweighted - run.truth));
    const corrected = errorSummary(runs.map((run) => run.weightedPpi - run.truth));
    console.log(`IPW simulation: weighted error ${weighted.mean.toFixed(5)} ± ${weighted.standardError.toFixed(5)} (SE); unweighted ${unweighted.mean.toFixed(5)} ± ${unweighted.standardError.toFixed(5)}`);

    console.log(`IPW simulation: weighted PPI++ error ${corrected.mean.toFixed(5)} ± ${corrected.standardError.toFixed(5)}`);
    expect(Math.abs(weighted.mean)).toBeLessThan(2 * weighted.standardError);
    expect(Math.abs(corrected.mean)).toBeLessThan(2 * corrected.standardError);
    expect(unweighted.mean).toBeGreaterThan(10 * unweighted.standardError);
  });
});
