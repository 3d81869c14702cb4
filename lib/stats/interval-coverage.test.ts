// Simulation: the 95 % intervals should cover the true value in about 95 % of datasets.
// Seeded, so the figures are the same on every run; with 4 000 datasets a coverage's own
// standard error is about 0.0035, so 0.93–0.97 is a ±5.8 SE band around 0.95.
import { describe, expect, it } from "vitest";
import { pearsonCorrelation } from "./pearson.ts";
import { spearmanCorrelation } from "./spearman.ts";
import { kendallTauB } from "./kendall-tau.ts";
import { cohenKappa } from "./cohen-kappa.ts";
import { bivariateNormal, uniformSource } from "./seeded-random.ts";
import type { Interval } from "./correlation-inference.ts";

const DATASETS = 4000;
const covers = (ci: Interval | null, truth: number) => ci !== null && ci[0] <= truth && truth <= ci[1];

describe("interval coverage on bivariate normal data", { timeout: 60_000 }, () => {
  // Population values for a bivariate normal with correlation ρ (Kendall & Gibbons 1990):
  // Spearman 6/π·asin(ρ/2), Kendall 2/π·asin(ρ).
  for (const [rho, n] of [[0.5, 50], [0.8, 100], [0.3, 30]]) {
    it(`covers ρ, ρ_s and τ in 93–97 % of ${DATASETS} datasets (ρ = ${rho}, n = ${n})`, () => {
      const truth = { pearson: rho, spearman: (6 / Math.PI) * Math.asin(rho / 2), kendall: (2 / Math.PI) * Math.asin(rho) };
      const hits = { pearson: 0, spearman: 0, kendall: 0 };
      for (let d = 0; d < DATASETS; d++) {
        const { x, y } = bivariateNormal(n, rho, 10_000 * n + d);
        if (covers(pearsonCorrelation(x, y).ci, truth.pearson)) hits.pearson++;
        if (covers(spearmanCorrelation(x, y).ci, truth.spearman)) hits.spearman++;
        if (covers(kendallTauB(x, y).ci, truth.kendall)) hits.kendall++;
      }
      for (const rate of Object.values(hits).map((h) => h / DATASETS)) {
        expect(rate).toBeGreaterThanOrEqual(0.93);
        expect(rate).toBeLessThanOrEqual(0.97);
      }
    });
  }
});

describe("interval coverage of κ on a known 4×4 joint distribution", { timeout: 60_000 }, () => {
  const joint = [
    [0.2, 0.05, 0.01, 0.0],
    [0.04, 0.15, 0.05, 0.01],
    [0.01, 0.04, 0.14, 0.05],
    [0.0, 0.01, 0.04, 0.2],
  ];
  /** Population κ_w = (Σ w p_ij − Σ w p_i· p_·j) / (1 − Σ w p_i· p_·j). */
  function populationKappa(weight: (i: number, j: number) => number): number {
    const rows = joint.map((r) => r.reduce((s, v) => s + v, 0));
    const cols = joint[0].map((_, j) => joint.reduce((s, r) => s + r[j], 0));
    let po = 0;
    let pe = 0;
    joint.forEach((r, i) => r.forEach((p, j) => {
      po += weight(i, j) * p;
      pe += weight(i, j) * rows[i] * cols[j];
    }));
    return (po - pe) / (1 - pe);
  }
  const truth = {
    unweighted: populationKappa((i, j) => (i === j ? 1 : 0)),
    linear: populationKappa((i, j) => 1 - Math.abs(i - j) / 3),
    quadratic: populationKappa((i, j) => 1 - (i - j) ** 2 / 9),
  };

  it(`covers unweighted, linear and quadratic κ in 93–97 % of ${DATASETS} samples of n = 200`, () => {
    const cumulative: number[] = [];
    joint.flat().reduce((s, p) => (cumulative.push(s + p), s + p), 0);
    const hits = { unweighted: 0, linear: 0, quadratic: 0 };
    for (let d = 0; d < DATASETS; d++) {
      const uniform = uniformSource(500_000 + d);
      const a: number[] = [];
      const b: number[] = [];
      for (let t = 0; t < 200; t++) {
        const u = uniform() * cumulative[cumulative.length - 1];
        const cell = cumulative.findIndex((c) => u < c);
        a.push(1 + Math.floor(cell / 4));
        b.push(1 + (cell % 4));
      }
      const kappa = cohenKappa(a, b, [1, 2, 3, 4]);
      for (const w of ["unweighted", "linear", "quadratic"] as const) if (covers(kappa[w].ci, truth[w])) hits[w]++;
    }
    for (const rate of Object.values(hits).map((h) => h / DATASETS)) {
      expect(rate).toBeGreaterThanOrEqual(0.93);
      expect(rate).toBeLessThanOrEqual(0.97);
    }
  });
});
