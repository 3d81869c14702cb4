// Weights, cut-offs and keyword lists are data: changing them changes the results.
import { describe, expect, it } from "vitest";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { scoreTurn } from "./score-turn";
import { calculateSentiment } from "./sentiment";
import { calculateSessionSummary } from "./summary";

const turn = {
  response: "However, this plan has a risk? But we overlook the flaw？ What is the limitation?",
  seed_prompt: "What are the risks of this plan?",
  persona_role: "Critical reflector",
};

function withChanges(changes: Partial<JudgeConfig>): JudgeConfig {
  return { ...DEFAULT_JUDGE_CONFIG, ...changes };
}

describe("JudgeConfig overrides", () => {
  it("uses edited persona weights in the overall score", () => {
    // length 0.15, |sentiment| 1.0, completeness 0.22: 0.5 × 0.15 + 0.5 × 0.22 = 0.185 → 0.18 (stored below 0.185)
    const config = withChanges({
      personaWeights: { ...DEFAULT_JUDGE_CONFIG.personaWeights, thesis: { length: 0.5, sentiment: 0, completeness: 0.5 } },
    });
    expect(scoreTurn({ ...turn, persona_id: "thesis" }).overall_score).toBe(0.36);
    expect(scoreTurn({ ...turn, persona_id: "thesis" }, config).overall_score).toBe(0.18);
  });

  it("uses edited default weights for unknown personas only", () => {
    const config = withChanges({ defaultWeights: { length: 1, sentiment: 0, completeness: 0 } });
    expect(scoreTurn({ ...turn, persona_id: "mystery" }, config).overall_score).toBe(0.15);
    expect(scoreTurn({ ...turn, persona_id: "thesis" }, config).overall_score).toBe(0.36);
  });

  it("uses edited quality cut-offs in the session summary", () => {
    const entries = [{ persona: { id: "thesis" }, evaluation_metrics: { overall_score: 0.7 }, state_after: { affect_amplitude: 0.5 } }];
    expect(calculateSessionSummary(entries).quality_rating).toBe("Good");
    const lenient = withChanges({ qualityCutoffs: { excellent: 0.7, good: 0.6, fair: 0.4 } });
    expect(calculateSessionSummary(entries, lenient).quality_rating).toBe("Excellent");
  });

  it("uses edited sentiment token lists", () => {
    const config = withChanges({ positiveTokens: ["plan"], negativeTokens: [] });
    // 15 tokens, "plan" once: 1/15 × 10 = 0.67
    expect(calculateSentiment(turn.response, config)).toStrictEqual({
      sentiment_score: 0.67,
      positive_count: 1,
      negative_count: 0,
      neutral_ratio: 0.93,
      confidence: 0.07,
    });
  });

  it("uses edited role and critical keywords and critical persona", () => {
    const config = withChanges({
      roleKeywords: { Critic: ["flaw", "plan", "limitation"] },
      criticalKeywords: ["flaw"],
      criticalPersonaId: "critic",
    });
    const metrics = scoreTurn({ ...turn, persona_id: "critic", persona_role: "Critic" }, config);
    expect(metrics.completeness.role_alignment).toBe(1.0);
    expect(metrics.critical_intensity?.critical_keywords_count).toBe(1);
    expect(scoreTurn({ ...turn, persona_id: "antithesis" }, config).critical_intensity).toBeNull();
  });
});
