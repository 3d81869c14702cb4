import { describe, expect, it } from "vitest";
import { DEFAULT_JUDGE_CONFIG } from "@/lib/judge";
import { compareSummaries, SummaryTally } from "./compare-summary";
import type { ScoreRow } from "./turn-row";

function score(overall: number, resonance?: Record<string, number>): ScoreRow {
  return { overall_score: overall, length_score: null, sentiment_score: null, completeness_score: null, critical_intensity: null, impact_score: null, metrics: resonance ? { resonance } : {}, is_imported: true };
}

describe("SummaryTally", () => {
  it("recomputes the seed's session summary, leaving turns without affect out of the trajectory", () => {
    const tally = new SummaryTally();
    tally.add("thesis", score(0.9, { impact_score: 0.5, transparency: 1, reproducibility: 0, verifiability: 0.25 }), 0.5);
    tally.add("antithesis", score(0.6), null);
    tally.add("thesis", score(0.7), 0.555);

    expect(tally.summary(DEFAULT_JUDGE_CONFIG)).toEqual({
      total_turns: 3,
      avg_overall_score: 0.73,
      persona_breakdown: { thesis: { count: 2, avg_score: 0.8 }, antithesis: { count: 1, avg_score: 0.6 } },
      affect_trajectory: [0.5, 0.56],
      quality_rating: "Good",
      avg_resonance_metrics: { impact_score: 0.5, transparency: 1, reproducibility: 0, verifiability: 0.25 },
    });
  });
});

describe("compareSummaries", () => {
  const recomputed = {
    total_turns: 2,
    avg_overall_score: 0.7,
    persona_breakdown: { thesis: { count: 2, avg_score: 0.7 } },
    affect_trajectory: [0.5, 0.6],
    quality_rating: "Good" as const,
    avg_resonance_metrics: null,
  };

  it("finds nothing when the imported summary says the same, within rounding noise", () => {
    expect(compareSummaries({ ...recomputed, avg_overall_score: 0.7000000000001 }, recomputed)).toEqual([]);
  });

  it("compares only the fields the imported summary has", () => {
    expect(compareSummaries({ total_turns: 2, avg_overall_score: 0.7 }, recomputed)).toEqual([]);
  });

  it("names each differing field, personas on either side only, and resonance given against none", () => {
    const imported = {
      total_turns: 3,
      avg_overall_score: 0.7,
      persona_breakdown: { thesis: { count: 2, avg_score: 0.71 }, synthesis: { count: 1, avg_score: 0.9 } },
      affect_trajectory: [0.5, 0.6, 0.7],
      quality_rating: "Excellent" as const,
      avg_resonance_metrics: { impact_score: 0.7 },
    };

    expect(compareSummaries(imported, recomputed)).toEqual([
      { path: "total_turns", imported: 3, recomputed: 2 },
      { path: "quality_rating", imported: "Excellent", recomputed: "Good" },
      { path: "persona_breakdown.thesis.avg_score", imported: 0.71, recomputed: 0.7 },
      { path: "persona_breakdown.synthesis", imported: { count: 1, avg_score: 0.9 }, recomputed: null },
      { path: "affect_trajectory", imported: [0.5, 0.6, 0.7], recomputed: [0.5, 0.6] },
      { path: "avg_resonance_metrics", imported: { impact_score: 0.7 }, recomputed: null },
    ]);
  });
});
