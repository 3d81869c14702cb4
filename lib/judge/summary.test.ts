import { describe, expect, it } from "vitest";
import { qualityRating } from "./quality-rating";
import { calculateSessionSummary, type ResonanceAverages, type SummaryLogEntry } from "./summary";

function entry(personaId: string, overall: number, affect: number, resonance?: Partial<ResonanceAverages>): SummaryLogEntry {
  return {
    persona: { id: personaId },
    evaluation_metrics: resonance === undefined ? { overall_score: overall } : { overall_score: overall, resonance },
    state_after: { affect_amplitude: affect },
  };
}

describe("calculateSessionSummary", () => {
  it("summarises a session by persona in order of first appearance", () => {
    const entries = [
      entry("thesis", 0.8, 0.5, { impact_score: 0.6, transparency: 0.9, reproducibility: 0.85, verifiability: 0.8 }),
      entry("antithesis", 0.7, 0.553, {}),
      entry("synthesis", 0.9, 0.625, { impact_score: 0.7, transparency: 0.8 }),
      entry("thesis", 0.6, 0.7149),
    ];
    // Overall (0.8 + 0.7 + 0.9 + 0.6)/4 = 0.75 → Good. Resonance averages over the two
    // non-empty resonance objects ({} does not count; missing keys count 0):
    // impact (0.6 + 0.7)/2 = 0.65, reproducibility 0.85/2 = 0.425 (stored below) → 0.42.
    // Affect 0.625 is an exact tie → 0.62.
    expect(calculateSessionSummary(entries)).toStrictEqual({
      total_turns: 4,
      avg_overall_score: 0.75,
      persona_breakdown: {
        thesis: { count: 2, avg_score: 0.7 },
        antithesis: { count: 1, avg_score: 0.7 },
        synthesis: { count: 1, avg_score: 0.9 },
      },
      affect_trajectory: [0.5, 0.55, 0.62, 0.71],
      quality_rating: "Good",
      avg_resonance_metrics: { impact_score: 0.65, transparency: 0.85, reproducibility: 0.42, verifiability: 0.4 },
    });
    expect(Object.keys(calculateSessionSummary(entries).persona_breakdown)).toStrictEqual(["thesis", "antithesis", "synthesis"]);
  });

  it("rates the unrounded average: 0.7999 shows as 0.8 but is Good", () => {
    const summary = calculateSessionSummary([entry("thesis", 0.8, 0.5), entry("thesis", 0.7998, 0.5)]);
    expect(summary.avg_overall_score).toBe(0.8);
    expect(summary.quality_rating).toBe("Good");
  });

  it("summarises an empty session as Poor with no resonance", () => {
    expect(calculateSessionSummary([])).toStrictEqual({
      total_turns: 0,
      avg_overall_score: 0.0,
      persona_breakdown: {},
      affect_trajectory: [],
      quality_rating: "Poor",
      avg_resonance_metrics: null,
    });
  });

  it("counts a turn without metrics with an overall score of 0", () => {
    const summary = calculateSessionSummary([{ persona: { id: "x" }, state_after: { affect_amplitude: 1 } }]);
    expect(summary.persona_breakdown).toStrictEqual({ x: { count: 1, avg_score: 0.0 } });
    expect(summary.avg_overall_score).toBe(0.0);
  });

  it("keeps a persona id named __proto__ as an ordinary key", () => {
    const summary = calculateSessionSummary([entry("__proto__", 0.5, 0.5)]);
    expect(Object.keys(summary.persona_breakdown)).toStrictEqual(["__proto__"]);
  });
});

describe("qualityRating", () => {
  it("uses the cut-offs 0.80 / 0.65 / 0.50 inclusively", () => {
    expect(qualityRating(0.8)).toBe("Excellent");
    expect(qualityRating(0.7999)).toBe("Good");
    expect(qualityRating(0.65)).toBe("Good");
    expect(qualityRating(0.6499)).toBe("Fair");
    expect(qualityRating(0.5)).toBe("Fair");
    expect(qualityRating(0.4999)).toBe("Poor");
    expect(qualityRating(0)).toBe("Poor");
  });

  it("follows edited cut-offs", () => {
    const strict = { excellent: 0.9, good: 0.75, fair: 0.6 };
    expect(qualityRating(0.8, strict)).toBe("Good");
    expect(qualityRating(0.7, strict)).toBe("Fair");
    expect(qualityRating(0.55, strict)).toBe("Poor");
  });
});
