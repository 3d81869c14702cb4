import { describe, expect, it } from "vitest";
import { compareWithImported, summarizeTurns, summaryFromTotals, type SummaryTurn } from "./session-summary";

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

describe("summaryFromTotals", () => {
  it("gives what summarizeTurns gives from the same turns, rounding and quality level included", () => {
    const resonance = { impact_score: 0.74, transparency: 0.88, reproducibility: 0.85, verifiability: 0.8 };
    const turns: SummaryTurn[] = [
      { personaId: "thesis", overallScore: 0.6, affectAmplitude: 0.5, resonance },
      { personaId: "antithesis", overallScore: null, affectAmplitude: null, resonance: null },
      { personaId: "thesis", overallScore: 0.7, affectAmplitude: 0.555, resonance: { ...resonance, impact_score: 0.5 } },
    ];
    const fromTotals = summaryFromTotals(
      {
        turnCount: 3,
        scoreTotal: 0.6 + 0 + 0.7,
        personas: [
          { personaId: "thesis", count: 2, scoreTotal: 0.6 + 0.7 },
          { personaId: "antithesis", count: 1, scoreTotal: 0 },
        ],
        resonanceCount: 2,
        resonanceTotals: { impact_score: 0.74 + 0.5, transparency: 0.88 + 0.88, reproducibility: 0.85 + 0.85, verifiability: 0.8 + 0.8 },
        affects: [0.5, 0.555],
      },
      SEED_CUTOFFS,
    );
    expect(fromTotals).toEqual(summarizeTurns(turns, SEED_CUTOFFS));
    expect(fromTotals).toEqual({
      total_turns: 3,
      avg_overall_score: 0.43,
      persona_breakdown: { thesis: { count: 2, avg_score: 0.65 }, antithesis: { count: 1, avg_score: 0 } },
      affect_trajectory: [0.5, 0.56],
      quality_rating: "Poor",
      avg_resonance_metrics: { impact_score: 0.62, transparency: 0.88, reproducibility: 0.85, verifiability: 0.8 },
    });
  });

  it("gives a session without turns an average of 0 and no resonance", () => {
    const empty = { turnCount: 0, scoreTotal: 0, personas: [], resonanceCount: 0, resonanceTotals: { impact_score: 0, transparency: 0, reproducibility: 0, verifiability: 0 }, affects: [] };
    expect(summaryFromTotals(empty, SEED_CUTOFFS)).toEqual(summarizeTurns([], SEED_CUTOFFS));
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
