import { describe, expect, it } from "vitest";
import { compareWithImported, summarizeTurns, type SummaryTurn } from "./session-summary";

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const turn = (personaId: string, overallScore: number | null, affectAmplitude: number | null): SummaryTurn => ({
  personaId,
  overallScore,
  affectAmplitude,
  resonance: null,
});

describe("summarizeTurns", () => {
  it("counts a turn without a score as 0 and leaves a turn without affect out of the trajectory", () => {
    const summary = summarizeTurns([turn("thesis", 0.9, 0.5), turn("antithesis", null, null), turn("thesis", 0.6, 0.556)], SEED_CUTOFFS);
    expect(summary).toMatchObject({
      total_turns: 3,
      avg_overall_score: 0.5,
      persona_breakdown: { thesis: { count: 2, avg_score: 0.75 }, antithesis: { count: 1, avg_score: 0 } },
      affect_trajectory: [0.5, 0.56],
      quality_rating: "Fair",
    });
  });

  it("rates under the cut-offs it is given, on the unrounded average", () => {
    const turns = [turn("thesis", 0.6, 0.5), turn("thesis", 0.7, 0.5)]; // 0.6499999999999999
    expect(summarizeTurns(turns, SEED_CUTOFFS).quality_rating).toBe("Fair");
    expect(summarizeTurns(turns, { fair: 0.3, good: 0.6, excellent: 0.64 }).quality_rating).toBe("Excellent");
  });
});

describe("compareWithImported", () => {
  const recomputed = summarizeTurns([turn("thesis", 0.7, 0.5)], SEED_CUTOFFS);

  it("has nothing to compare without an imported summary", () => {
    expect(compareWithImported(null, recomputed)).toEqual({ status: "none" });
  });

  it("names the field of an imported summary it cannot read", () => {
    expect(compareWithImported({ total_turns: -1, avg_overall_score: 0.7 }, recomputed)).toMatchObject({ status: "invalid", message: expect.stringContaining("total_turns") });
  });

  it("lists the fields that differ, and nothing when all agree", () => {
    expect(compareWithImported({ total_turns: 1, avg_overall_score: 0.7, quality_rating: "Good" }, recomputed)).toMatchObject({ status: "compared", differences: [] });
    expect(compareWithImported({ total_turns: 2, avg_overall_score: 0.7 }, recomputed)).toMatchObject({
      differences: [{ path: "total_turns", imported: 2, recomputed: 1 }],
    });
  });
});
