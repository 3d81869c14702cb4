import { describe, expect, it } from "vitest";
import { cohenKappa } from "@/lib/stats/cohen-kappa";
import { uniformSource } from "@/lib/stats/seeded-random";
import { applyCascade, distanceToCutoff, isEscalated } from "./cascade";
import { cascadeFigures } from "./cascade-figures";
import { tokenCost } from "./cost";
import { formatCost } from "./format-cost";
import { proposeBand, shortestWidth } from "./propose-band";

const LABELS = [1, 2, 3, 4];

describe("isEscalated and applyCascade", () => {
  const band = { cutoff: 0.5, below: 0.125, above: 0.25 };

  it("escalates the closed band [cut − below, cut + above], edges and the cut-off included", () => {
    expect([0.375, 0.5, 0.75].map((s) => isEscalated(s, band))).toEqual([true, true, true]);
    expect([0.37499, 0.75001, 0.1, 0.9].map((s) => isEscalated(s, band))).toEqual([false, false, false, false]);
    expect(isEscalated(0.5, { cutoff: 0.5, below: 0, above: 0 })).toBe(true);
    expect(isEscalated(0.5000001, { cutoff: 0.5, below: 0, above: 0 })).toBe(false);
  });

  it("takes the strong judge's score in the band, keeps the screener's outside it, and waits when the strong judge has none", () => {
    expect(applyCascade(0.25, 0.9, band)).toEqual({ score: 0.25, isEscalated: false });
    expect(applyCascade(0.625, 0.9, band)).toEqual({ score: 0.9, isEscalated: true });
    expect(applyCascade(0.625, null, band)).toBeNull();
    expect(applyCascade(0.25, null, band)).toEqual({ score: 0.25, isEscalated: false });
  });
});

// Four rated turns, cut-off 0.5, humans at levels 1-4. The strong judge agrees with people on
// every turn (κ_q 1); the screener swaps levels 2 and 3 on the two turns nearest the cut-off
// (κ_q = 1 − 2/10 = 0.8: observed Σ(h−a)² = 2, chance 40/4 = 10 with uniform marginals).
// Escalating turn 1 alone gives κ_q = 1 − 1/10 = 0.9.
const CASE = {
  screenerScore: [0.125, 0.4375, 0.625, 0.875],
  screenerLevel: [1, 3, 2, 4],
  strongLevel: [1, 2, 3, 4],
  human: [1, 2, 3, 4],
  labels: LABELS,
  cutoff: 0.5,
};

describe("proposeBand", () => {
  it("escalates the nearest turns first and stops at the first band within tolerance", () => {
    expect(proposeBand({ ...CASE, tolerance: 0.15 })).toEqual({ n: 4, target: 0.85, kappa: { screener: 0.8, strong: 1, cascade: 0.9 }, halfWidth: 0.0625, suggestedHalfWidth: 0.1, isScreenerEnough: false, escalated: 1 });
    expect(proposeBand(CASE)).toEqual({ n: 4, target: 0.98, kappa: { screener: 0.8, strong: 1, cascade: 1 }, halfWidth: 0.125, suggestedHalfWidth: 0.2, isScreenerEnough: false, escalated: 2 });
  });

  it("suggests the shortest decimal that holds the same turns as the proposed half-width", () => {
    expect(shortestWidth(0.65 - 0.469, 0.19)).toBe(0.182);
    expect(shortestWidth(0.831 - 0.65, 0.19)).toBe(0.181);
    expect(shortestWidth(0.65 - 0.469, 0.1811)).toBe(0.18101);
    expect(shortestWidth(0.0625, 0.125)).toBe(0.1);
    expect(shortestWidth(0.0625, 0.07)).toBe(0.063);
    expect(shortestWidth(0.25, null)).toBe(0.25);
    expect(shortestWidth(0, 0.01)).toBe(0);
  });

  it("counts a κ exactly at the target as within tolerance", () => {
    expect(proposeBand({ ...CASE, tolerance: 0.1 })).toMatchObject({ target: 0.9, halfWidth: 0.0625, escalated: 1, kappa: { cascade: 0.9 } });
  });

  it("lets turns at the same distance from the cut-off enter the band together", () => {
    // Turn 2 moved to 0.5625: both borderline turns are 0.0625 away, so the band that holds one holds both.
    expect(proposeBand({ ...CASE, screenerScore: [0.125, 0.4375, 0.5625, 0.875], tolerance: 0.15 })).toMatchObject({ halfWidth: 0.0625, escalated: 2, kappa: { cascade: 1 } });
  });

  it("proposes no band when the screener alone is within tolerance", () => {
    expect(proposeBand({ ...CASE, tolerance: 0.2 })).toEqual({ n: 4, target: 0.8, kappa: { screener: 0.8, strong: 1, cascade: 0.8 }, halfWidth: null, suggestedHalfWidth: null, isScreenerEnough: true, escalated: 0 });
  });

  it("has no target when the strong judge's κ is undefined", () => {
    const flat = { ...CASE, strongLevel: [2, 2, 2, 2], human: [2, 2, 2, 2] };
    expect(proposeBand(flat)).toMatchObject({ target: null, halfWidth: null, isScreenerEnough: false, kappa: { strong: null, cascade: null } });
  });

  it("equals a brute force over every band on random data: the cascade's κ_q as cohenKappa computes it, and no narrower band reaches the target", () => {
    const uniform = uniformSource(21);
    for (let trial = 0; trial < 30; trial++) {
      const n = 20 + Math.floor(uniform() * 200);
      const human = Array.from({ length: n }, () => 1 + Math.floor(uniform() * 4));
      const strongLevel = human.map((h) => (uniform() < 0.95 ? h : 1 + Math.floor(uniform() * 4)));
      // Scores rounded to 1/32 so that equal distances happen.
      const screenerScore = human.map((h) => Math.min(1, Math.max(0, Math.round(((h - 0.5) / 4 + (uniform() - 0.5) * 0.9) * 32) / 32)));
      const screenerLevel = screenerScore.map((s) => (s >= 0.75 ? 4 : s >= 0.5 ? 3 : s >= 0.25 ? 2 : 1));
      const input = { screenerScore, screenerLevel, strongLevel, human, labels: LABELS, cutoff: 0.5, tolerance: 0.03 };
      const proposal = proposeBand(input);
      const kappaAt = (width: number) => {
        const levels = screenerScore.map((s, u) => (distanceToCutoff(s, 0.5) <= width ? strongLevel[u] : screenerLevel[u]));
        return cohenKappa(human, levels, LABELS).quadratic.value;
      };
      const strong = cohenKappa(human, strongLevel, LABELS).quadratic.value!;
      expect(proposal.kappa.strong).toBe(strong);
      expect(proposal.kappa.screener).toBe(cohenKappa(human, screenerLevel, LABELS).quadratic.value);
      const widths = [...new Set(screenerScore.map((s) => distanceToCutoff(s, 0.5)))].sort((a, b) => a - b);
      if (proposal.isScreenerEnough) {
        expect(proposal.kappa.screener!).toBeGreaterThanOrEqual(strong - 0.03);
        continue;
      }
      expect(proposal.kappa.cascade).toBe(kappaAt(proposal.halfWidth!));
      expect(kappaAt(proposal.suggestedHalfWidth!)).toBe(proposal.kappa.cascade);
      expect(proposal.kappa.cascade!).toBeGreaterThanOrEqual(strong - 0.03);
      expect(proposal.escalated).toBe(screenerScore.filter((s) => distanceToCutoff(s, 0.5) <= proposal.halfWidth!).length);
      for (const width of widths.filter((w) => w < proposal.halfWidth!)) expect(kappaAt(width)!).toBeLessThan(strong - 0.03);
    }
  });
});

describe("tokenCost and formatCost", () => {
  it("prices tokens per million, and says when there are no prices", () => {
    expect(tokenCost({ input: 1_000_000, output: 500_000 }, { inputPerMillion: 0.15, outputPerMillion: 0.6 })).toBe(0.45);
    expect(tokenCost({ input: 300, output: 40 }, { inputPerMillion: 2.5, outputPerMillion: 10 })).toBe(0.00115);
    expect(tokenCost({ input: 300, output: 40 }, null)).toBeNull();
    expect(tokenCost({ input: null, output: 40 }, { inputPerMillion: 1, outputPerMillion: 1 })).toBeNull();
    expect([formatCost(0.45), formatCost(0.00115), formatCost(0), formatCost(1234.5), formatCost(null)]).toEqual(["$0.45", "$0.0012", "$0", "$1,234.50", "no prices set"]);
    // Under $1, two significant digits: the demo cascade's $0.0451 against the strong judge's $0.0527.
    expect([formatCost(0.04512854), formatCost(0.0526758), formatCost(1), formatCost(0.999)]).toEqual(["$0.045", "$0.053", "$1.00", "$1"]);
  });
});

describe("cascadeFigures", () => {
  const priced = { isFree: false, prices: { inputPerMillion: 1, outputPerMillion: 2 } };
  const tokens = (entries: [number, number | null, number | null][]) => new Map(entries.map(([turn, input, output]) => [turn, { input, output }]));
  const base = {
    labels: LABELS,
    human: [1, 2, 3, 4],
    cascadeLevel: [1, 2, 3, 4],
    screenerLevel: [1, 3, 2, 4],
    strongLevel: [1, 2, 3, 0],
    isEscalated: [false, true, true, false],
    turnId: [10, 11, 12, 13],
    screenerTokens: tokens([[10, 100, 10], [11, 100, 10], [12, 100, 10], [13, 100, 10]]),
    strongTokens: tokens([[10, 1000, 50], [11, 1000, 50], [12, 1000, 50]]),
    screenerCost: { isFree: true, prices: null },
    strongCost: priced,
  };

  it("compares on the units the strong judge scored too, a free screener costing nothing", () => {
    const f = cascadeFigures(base);
    expect(f).toMatchObject({ n: 3, nWithoutStrong: 1, escalated: 2, turns: 3, kappa: { cascade: 1, strong: 1 } });
    expect(f.kappa.screener).toBe(cohenKappa([1, 2, 3], [1, 3, 2], LABELS).quadratic.value);
    expect(f.cost.screener).toEqual({ cost: 0, perTurn: 0, tokens: null, missing: null });
    // Strong alone: 3 × (1000 × $1 + 50 × $2) / 10⁶; the cascade: the two escalated turns.
    expect(f.cost.strong).toEqual({ cost: 0.0033, perTurn: 0.0011, tokens: { input: 3000, output: 150 }, missing: null });
    expect(f.cost.cascade).toEqual({ cost: 0.0022, perTurn: 0.0022 / 3, tokens: { input: 2000, output: 100 }, missing: null });
  });

  it("says which part of a cost is unknown: token counts missing, or no prices", () => {
    const noCounts = cascadeFigures({ ...base, screenerCost: priced, screenerTokens: tokens([[10, 100, 10], [11, null, 10], [12, 100, 10]]) });
    expect(noCounts.cost.screener).toEqual({ cost: null, perTurn: null, tokens: null, missing: "no token counts" });
    expect(noCounts.cost.cascade).toMatchObject({ cost: null, missing: "no token counts" });
    const noPrices = cascadeFigures({ ...base, strongCost: { isFree: false, prices: null } });
    expect(noPrices.cost.strong).toEqual({ cost: null, perTurn: null, tokens: { input: 3000, output: 150 }, missing: "no prices set" });
    expect(noPrices.cost.cascade).toMatchObject({ cost: null, missing: "no prices set" });
  });
});
