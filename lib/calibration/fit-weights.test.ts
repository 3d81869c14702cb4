import { describe, expect, it } from "vitest";
import { uniformSource } from "@/lib/stats/seeded-random";
import { levelOfScore } from "@/lib/thresholds/levels";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { fitWeights, type WeightFit } from "./fit-weights";
import { PLANTED, PLANTED_CUTOFFS, plantedTurns } from "./planted-weight-turns";
import { fitCutoffs } from "./propose-cutoffs";
import { sessionFolds } from "./session-folds";
import { bestKappaOfHistogram } from "./weight-search";

function asFit(result: ReturnType<typeof fitWeights>): WeightFit {
  if ("refused" in result) throw new Error(result.refused);
  return result;
}

describe("fitWeights", () => {
  it("recovers planted weights within 0.05 each, summing to 1, and calls the proposal better than the seed's", { timeout: 30_000 }, () => {
    const turns = plantedTurns({ sessions: 300, turnsPerSession: 9, noise: 0.03, seed: 7 });

    const fit = asFit(fitWeights(turns, { current: SEED_THRESHOLDS, seed: 11 }));

    for (const [persona, planted] of Object.entries(PLANTED)) {
      const proposed = fit.proposal.weights[persona];
      expect(Math.abs(proposed.length - planted.length)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(proposed.sentiment - planted.sentiment)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(proposed.completeness - planted.completeness)).toBeLessThanOrEqual(0.05);
      expect(Math.abs((proposed.critical_intensity ?? 0) - (planted.critical_intensity ?? 0))).toBeLessThanOrEqual(0.05);
      const sum = proposed.length + proposed.sentiment + proposed.completeness + (proposed.critical_intensity ?? 0);
      expect(sum).toBeCloseTo(1, 12);
    }
    expect(fit.shrinkage).toBe(0);
    expect(fit.heldBack).toBeNull();
    expect(fit.nTurns).toBe(2700);
    expect(fit.nSessions).toBe(300);
    expect(fit.outOfFold!.kappaProposed).toBeGreaterThan(fit.outOfFold!.kappaCurrent);
    expect(fit.outOfFold!.ciLow).toBeGreaterThan(0);
    expect(fit.verdict).toBe("better");
    // The default group has no turns of its own: its weights stay as they are.
    expect(fit.proposal.weights.default).toEqual(SEED_THRESHOLDS.weights.default);
  });

  it("keeps the current weights when there are very few ratings", () => {
    const turns = plantedTurns({ sessions: 8, turnsPerSession: 6, noise: 0.03, seed: 3 });

    const fit = asFit(fitWeights(turns, { current: SEED_THRESHOLDS, seed: 11 }));

    expect(fit.shrinkage).toBe(1);
    expect(fit.heldBack).toMatch(/Too few ratings/);
    expect(fit.proposal.weights).toEqual(SEED_THRESHOLDS.weights);
    expect(fit.personas.every((persona) => persona.moved.length === 0)).toBe(true);
    expect(fit.outOfFold).toBeNull();
    expect(fit.verdict).toBeNull();
  });

  it("shrinks further toward today's weights, by cross-validation alone, when the ratings are fewer", () => {
    const meanShrinkage = (sessions: number) =>
      [1, 2, 3].map((seed) => asFit(fitWeights(plantedTurns({ sessions, turnsPerSession: 5, noise: 0.15, seed }), { current: SEED_THRESHOLDS, replicates: 100 })).shrinkage).reduce((a, b) => a + b) / 3;

    const few = meanShrinkage(14); // 70 rated turns: above the floor, so s comes from the inner folds
    const many = meanShrinkage(80); // 400 rated turns

    expect(few).toBeCloseTo(2 / 3, 12);
    expect(many).toBeCloseTo(1 / 12, 12);
  }, 30_000);

  it("refuses below 30 rated turns, naming the count", () => {
    const turns = plantedTurns({ sessions: 4, turnsPerSession: 5, noise: 0.03, seed: 3 });

    expect(fitWeights(turns, { current: SEED_THRESHOLDS })).toEqual({ refused: "Fitting weights needs at least 30 rated turns; there are 20." });
  });

  it("gives the same proposal, interval and verdict for the same seed", { timeout: 30_000 }, () => {
    const turns = plantedTurns({ sessions: 40, turnsPerSession: 5, noise: 0.15, seed: 5 });

    const first = asFit(fitWeights(turns, { current: SEED_THRESHOLDS, seed: 42, replicates: 200 }));
    const second = asFit(fitWeights(turns, { current: SEED_THRESHOLDS, seed: 42, replicates: 200 }));

    expect(second).toEqual(first);
    expect(first.outOfFold).not.toBeNull();
  });

  it("names the proposal no better than today when the interval on the difference holds 0", () => {
    // Pure noise: the human level ignores the metrics, so no weights do better than today's.
    const uniform = uniformSource(9);
    const turns = plantedTurns({ sessions: 30, turnsPerSession: 4, noise: 0, seed: 9 }).map((turn) => ({ ...turn, level: 1 + Math.floor(uniform() * 4) }));

    const fit = asFit(fitWeights(turns, { current: SEED_THRESHOLDS, seed: 1, replicates: 300 }));

    expect(fit.outOfFold!.ciLow).toBeLessThanOrEqual(0);
    expect(fit.outOfFold!.ciHigh).toBeGreaterThanOrEqual(0);
    expect(fit.verdict).toBe("no-better");
  });
});

describe("sessionFolds", () => {
  it("never puts one session's turns in two folds, and every fold gets turns", () => {
    const uniform = uniformSource(4);
    const sessionOf = Array.from({ length: 500 }, () => Math.floor(uniform() * 60));

    const { foldOf, folds } = sessionFolds(sessionOf, 5, 123);

    const foldOfSession = new Map<number, Set<number>>();
    sessionOf.forEach((session, i) => foldOfSession.set(session, (foldOfSession.get(session) ?? new Set()).add(foldOf[i])));
    expect(folds).toBe(5);
    expect([...foldOfSession.values()].every((set) => set.size === 1)).toBe(true);
    const sizes = [0, 1, 2, 3, 4].map((f) => foldOf.filter((fold) => fold === f).length);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(500);
  });

  it("uses no more folds than there are sessions", () => {
    expect(sessionFolds([7, 7, 9], 5, 1).folds).toBe(2);
  });
});

describe("bestKappaOfHistogram", () => {
  it("equals fitCutoffs' best κ (every cut-off triple tried) on the same turns", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const uniform = uniformSource(seed);
      const pairs = Array.from({ length: 20 + 60 * seed }, () => {
        const score = Math.round(uniform() * 100) / 100;
        return { score, level: levelOfScore(score + (uniform() - 0.5) * 0.3, PLANTED_CUTOFFS) };
      });
      const histogram = new Float64Array(101 * 4);
      for (const pair of pairs) histogram[Math.round(pair.score * 100) * 4 + pair.level - 1]++;

      expect(bestKappaOfHistogram(histogram)).toBeCloseTo(fitCutoffs(pairs, PLANTED_CUTOFFS)!.kappa, 12);
    }
  });
});
