import { describe, expect, it } from "vitest";
import { calculateOverallScore, DEFAULT_JUDGE_CONFIG, scoreTurn, type TurnMetrics } from "@/lib/judge";
import { overallFromComponents, scorerFor, type ScoreComponents } from "./overall-from-components";
import { SEED_THRESHOLDS } from "./thresholds.schema";
import { judgeConfigFor } from "./weights";

const TURNS = [
  { persona_id: "thesis", persona_role: "Seed explorer", response: "Growth needs trust because stability lets us explore. For example, a calm plan." },
  { persona_id: "antithesis", persona_role: "Critical reflector", response: "However, the risk is real: why ignore the flaw? This concern is a problem." },
  { persona_id: "synthesis", persona_role: "Integrator", response: "We integrate both: therefore balance hope and doubt, such as a staged rollout." },
  { persona_id: "monitor", persona_role: "Affect monitor", response: "짧은 응답." },
];
const PROMPT = "How should a team explore growth when trust is fragile?";

function componentsOf(metrics: TurnMetrics): ScoreComponents {
  return {
    length: metrics.length.length_score,
    sentiment: metrics.sentiment.sentiment_score,
    completeness: metrics.completeness.completeness_score,
    critical: metrics.critical_intensity?.intensity_score ?? null,
  };
}

describe("overallFromComponents", () => {
  it("reproduces the judge's own overall score from the stored metric scores", () => {
    for (const turn of TURNS) {
      const metrics = scoreTurn({ ...turn, seed_prompt: PROMPT });

      expect(overallFromComponents(componentsOf(metrics), turn.persona_id, DEFAULT_JUDGE_CONFIG)).toBe(metrics.overall_score);
    }
  });

  it("equals calculateOverallScore under other weights, to the last bit", () => {
    const config = judgeConfigFor({
      thesis: { length: 0.35, sentiment: 0.15, completeness: 0.5 },
      antithesis: { length: 0.1, sentiment: 0.2, completeness: 0.3, critical_intensity: 0.4 },
      synthesis: { length: 0.25, sentiment: 0.05, completeness: 0.7 },
      default: { length: 0.5, sentiment: 0.25, completeness: 0.25 },
    });
    for (const turn of TURNS) {
      const m = scoreTurn({ ...turn, seed_prompt: PROMPT });

      const expected = calculateOverallScore(m.length, m.sentiment, m.completeness, m.critical_intensity, turn.persona_id, config);
      expect(overallFromComponents(componentsOf(m), turn.persona_id, config)).toBe(expected);
    }
  });

  it("rounds an exact tie to even like Python (0.125 → 0.12), where SQL's round gives 0.13", () => {
    const config = judgeConfigFor({ ...SEED_THRESHOLDS.weights, default: { length: 0.5, sentiment: 0, completeness: 0 } });

    expect(overallFromComponents({ length: 0.25, sentiment: 0, completeness: 0, critical: null }, "other", config)).toBe(0.12);
  });

  it("weighs the absolute sentiment and counts a missing metric as 0", () => {
    const config = judgeConfigFor({ ...SEED_THRESHOLDS.weights, default: { length: 0, sentiment: 1, completeness: 1 } });

    expect(overallFromComponents({ length: null, sentiment: -0.5, completeness: null, critical: null }, "x", config)).toBe(0.5);
  });
});

describe("scorerFor", () => {
  it("keeps the stored score under the seed's weights and rescores under others", () => {
    const stored = { personaId: "thesis", overall: 0.77, length: 1, sentiment: 0, completeness: 0, critical: null };

    expect(scorerFor(SEED_THRESHOLDS.weights)(stored)).toBe(0.77);
    expect(scorerFor({ ...SEED_THRESHOLDS.weights, thesis: { length: 0.5, sentiment: 0, completeness: 0.5 } })(stored)).toBe(0.5);
  });
});
