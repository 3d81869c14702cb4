import { describe, expect, it } from "vitest";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { fitCutoffs, levelUnder, proposeCutoffs, quadraticKappa, type CalibrationPair } from "./propose-cutoffs";

const SEED = { fair: 0.5, good: 0.65, excellent: 0.8 };
const PLANTED = { fair: 0.45, good: 0.6, excellent: 0.85 };

function planted(n: number, seed: number, noise = 0): CalibrationPair[] {
  const uniform = uniformSource(seed);
  const normal = normalSource(uniform);
  return Array.from({ length: n }, () => {
    const score = Math.round(uniform() * 100) / 100;
    const jittered = Math.min(1, Math.max(0, score + noise * normal()));
    return { score, level: levelUnder(jittered, PLANTED) };
  });
}

function bruteForceBest(pairs: CalibrationPair[]): number {
  const values = [...new Set(pairs.map((pair) => pair.score))].sort((a, b) => a - b);
  let best = -Infinity;
  for (let a = 0; a < values.length; a++)
    for (let b = a + 1; b < values.length; b++)
      for (let c = b + 1; c < values.length; c++) {
        const kappa = quadraticKappa(pairs, { fair: values[a], good: values[b], excellent: values[c] });
        if (kappa !== null && kappa > best) best = kappa;
      }
  return best;
}

describe("fitCutoffs", () => {
  it("finds the same maximum κ as trying every triple with the reference κ", () => {
    for (const seed of [1, 2, 3]) {
      const pairs = planted(80, seed, 0.08).map((pair) => ({ ...pair, score: Math.round(pair.score * 20) / 20 }));

      const fit = fitCutoffs(pairs, SEED)!;

      expect(fit.kappa).toBeCloseTo(bruteForceBest(pairs), 12);
      expect(quadraticKappa(pairs, fit.cutoffs)).toBeCloseTo(fit.kappa, 12);
    }
  });

  it("prefers, among equally good cut-offs, those closest to the current ones", () => {
    // Two clean groups far apart: any cut between them is as good as any other.
    const pairs: CalibrationPair[] = [
      ...[0.1, 0.2].map((score) => ({ score, level: 1 })),
      ...[0.4, 0.45].map((score) => ({ score, level: 2 })),
      ...[0.62, 0.66].map((score) => ({ score, level: 3 })),
      ...[0.9, 0.95].map((score) => ({ score, level: 4 })),
    ];

    const fit = fitCutoffs(pairs, SEED)!;

    expect(fit.kappa).toBe(1);
    expect(fit.cutoffs).toEqual({ fair: 0.4, good: 0.62, excellent: 0.9 });
  });
});

describe("proposeCutoffs", () => {
  it("recovers cut-offs planted at 0.45 / 0.60 / 0.85 within ±0.02", () => {
    const proposal = proposeCutoffs(planted(600, 7), { current: SEED });

    expect("refused" in proposal).toBe(false);
    if ("refused" in proposal) return;
    expect(Math.abs(proposal.cutoffs.fair - 0.45)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(proposal.cutoffs.good - 0.6)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(proposal.cutoffs.excellent - 0.85)).toBeLessThanOrEqual(0.02);
    expect(proposal.kappaInSample).toBe(1);
    expect(proposal.n).toBe(600);
  });

  it("recovers planted cut-offs from noisy humans, with a held-out κ no better than in-sample", () => {
    const proposal = proposeCutoffs(planted(2000, 11, 0.03), { current: SEED });

    if ("refused" in proposal) throw new Error(proposal.refused);
    expect(Math.abs(proposal.cutoffs.fair - 0.45)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(proposal.cutoffs.good - 0.6)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(proposal.cutoffs.excellent - 0.85)).toBeLessThanOrEqual(0.02);
    expect(proposal.kappaCrossValidated).not.toBeNull();
    expect(proposal.kappaCrossValidated!).toBeLessThanOrEqual(proposal.kappaInSample);
    expect(proposal.kappaInSample).toBeGreaterThan(quadraticKappa(planted(2000, 11, 0.03), SEED)!);
  });

  it("is reproducible for a given seed", () => {
    const pairs = planted(300, 5, 0.05);

    expect(proposeCutoffs(pairs, { current: SEED, seed: 3 })).toEqual(proposeCutoffs(pairs, { current: SEED, seed: 3 }));
  });

  it("refuses politely with too few ratings or a single human level", () => {
    expect(proposeCutoffs(planted(29, 1), { current: SEED })).toEqual({
      refused: "Calibration needs at least 30 rated turns; there are 29.",
    });
    expect(proposeCutoffs(Array.from({ length: 40 }, (_, i) => ({ score: i / 40, level: 3 })), { current: SEED })).toEqual({
      refused: "Every rated turn has the same human level, so agreement cannot be measured.",
    });
  });

  it("searches thinned quantiles when scores are continuous", () => {
    const uniform = uniformSource(99);
    const pairs = Array.from({ length: 5000 }, () => {
      const score = uniform();
      return { score, level: levelUnder(score, PLANTED) };
    });

    const proposal = proposeCutoffs(pairs, { current: SEED });

    if ("refused" in proposal) throw new Error(proposal.refused);
    expect(proposal.candidates).toBeLessThanOrEqual(120);
    expect(Math.abs(proposal.cutoffs.good - 0.6)).toBeLessThanOrEqual(0.02);
  });
});
