// Each metric on inputs small enough to check by hand; the arithmetic is in the comments.
import { describe, expect, it } from "vitest";
import { calculateCompleteness, calculateRoleAlignment } from "./completeness";
import { calculateCriticalIntensity } from "./critical-intensity";
import { extractKeywords } from "./keywords";
import { calculateLength } from "./length";
import { calculateResonance } from "./resonance";
import { scoreTurn } from "./score-turn";
import { calculateSentiment } from "./sentiment";

const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");

describe("calculateLength", () => {
  it("scores 100 words 0.56 (0.5 + 50/450 × 0.5), the seed's '≈ 0.6'", () => {
    expect(calculateLength(`${words(100)}.`)).toStrictEqual({
      char_count: 500,
      word_count: 100,
      sentence_count: 1,
      avg_sentence_length: 100.0,
      length_score: 0.56,
    });
  });

  it("follows the three pieces of the length curve at their joins", () => {
    const score = (n: number) => calculateLength(words(n)).length_score;
    expect(score(49)).toBe(0.49); // 49/50 × 0.5
    expect(score(50)).toBe(0.5);
    expect(score(500)).toBe(1.0);
    expect(score(501)).toBe(1.0); // 0.999 rounds to 1.0
    expect(score(800)).toBe(0.7); // max(0.7, 0.7)
    expect(score(2000)).toBe(0.7); // floor
  });

  it("counts emoji as one character each and averages words per sentence", () => {
    expect(calculateLength("Hi 🙂! Go 👍🏽 now? Yes")).toStrictEqual({
      char_count: 20,
      word_count: 6,
      sentence_count: 3,
      avg_sentence_length: 2.0,
      length_score: 0.06,
    });
  });

  it("gives zeros for an empty response", () => {
    expect(calculateLength("")).toStrictEqual({
      char_count: 0,
      word_count: 0,
      sentence_count: 0,
      avg_sentence_length: 0,
      length_score: 0.0,
    });
  });
});

describe("calculateSentiment", () => {
  it("matches whole tokens only: the seed's §9.2 scenario 1 finds 2 positives and 0 negatives", () => {
    // "concerns" is not the token "concern": the seed's own code gives 0 here, though its
    // scenario asserts 1. 13 tokens: (2 − 0)/13 × 10 = 1.54 → clamped to 1.0.
    expect(calculateSentiment("This is a test response with hope and growth. However, there are concerns.")).toStrictEqual({
      sentiment_score: 1.0,
      positive_count: 2,
      negative_count: 0,
      neutral_ratio: 0.85,
      confidence: 0.15,
    });
  });

  it("lower-cases tokens before matching", () => {
    // 4 tokens, 1 positive, 2 negative: (1 − 2)/4 × 10 = −2.5 → −1.0; 3/4 emotional.
    expect(calculateSentiment("HOPE, Risk and FEAR")).toStrictEqual({
      sentiment_score: -1.0,
      positive_count: 1,
      negative_count: 2,
      neutral_ratio: 0.25,
      confidence: 0.75,
    });
  });

  it("is neutral with full confidence 0 when tokens carry no sentiment", () => {
    expect(calculateSentiment("탐색과 확장이 필요합니다")).toStrictEqual({
      sentiment_score: 0.0,
      positive_count: 0,
      negative_count: 0,
      neutral_ratio: 1.0,
      confidence: 0.0,
    });
  });

  it("returns the neutral object for empty or token-less text", () => {
    const neutral = { sentiment_score: 0.0, positive_count: 0, negative_count: 0, neutral_ratio: 1.0, confidence: 0.0 };
    expect(calculateSentiment("")).toStrictEqual(neutral);
    expect(calculateSentiment("🙂 — ?! ''")).toStrictEqual(neutral);
  });

  it("rounds a slightly negative score to -0, as Python's round does", () => {
    // 1 negative in 2501 tokens: −10/2501 = −0.004 → round(…, 2) = −0.0.
    const sentiment = calculateSentiment(`fear ${words(2500)}`);
    expect(Object.is(sentiment.sentiment_score, -0)).toBe(true);
    expect(sentiment.negative_count).toBe(1);
  });
});

describe("extractKeywords", () => {
  it("orders by count, then by first occurrence, and keeps five", () => {
    expect(extractKeywords("beta alpha beta gamma alpha delta epsilon zeta")).toStrictEqual([
      "beta", "alpha", "gamma", "delta", "epsilon",
    ]);
  });

  it("keeps words longer than three code points that are not stopwords", () => {
    expect(extractKeywords("what is this machine for? with data")).toStrictEqual(["machine", "data"]);
    // Only 탐색하고 has four syllables; 어떻게 is a stopword and short anyway.
    expect(extractKeywords("새로운 제품 기회를 어떻게 탐색하고 위험을 관리할 수 있을까?")).toStrictEqual(["탐색하고"]);
  });
});

describe("calculateCompleteness", () => {
  it("adds reasoning, example, keyword coverage and role alignment with the seed's weights", () => {
    // keywords explain, machine, learning, beginner: 2 of 4 found → 0.5; role: explore,
    // discover → 2/3. Score 0.3 + 0 + 0.3 × 0.5 + 0.2 × 2/3 = 0.5833 → 0.58.
    const response = "Because machine learning helps us explore and discover patterns.";
    expect(calculateCompleteness(response, "Explain machine learning to a beginner.", "Seed explorer")).toStrictEqual({
      has_reasoning: true,
      has_concrete_example: false,
      addresses_prompt: true,
      keyword_coverage: 0.5,
      role_alignment: 0.67,
      completeness_score: 0.58,
    });
  });

  it("gives keyword coverage 0 when the prompt has no keyword", () => {
    const result = calculateCompleteness("For example, we plan.", "Why?", "Implementation planner");
    expect(result.keyword_coverage).toBe(0.0);
    expect(result.addresses_prompt).toBe(false);
    // 0.2 (example) + 0.2 × 1/3 (plan) = 0.2667 → 0.27
    expect(result.completeness_score).toBe(0.27);
  });

  it("aligns an unknown role 0.5, including names of Object.prototype members", () => {
    expect(calculateRoleAlignment("anything", "Unknown role")).toBe(0.5);
    expect(calculateRoleAlignment("anything", "constructor")).toBe(0.5);
    expect(calculateRoleAlignment("anything", "")).toBe(0.5);
  });

  it("counts each role keyword once however often it appears, capped at 1", () => {
    expect(calculateRoleAlignment("plan plan plan", "Implementation planner")).toBe(1 / 3);
    expect(calculateRoleAlignment("plan, action, step, implement", "Implementation planner")).toBe(1.0);
  });
});

describe("calculateCriticalIntensity", () => {
  const critique = "However, this plan has a risk? But we overlook the flaw？ What is the limitation?";

  it("scores keywords, ASCII and full-width questions, and the negative sentiment", () => {
    // however, but, overlook, risk, limitation, flaw: 6 → 1; 3 questions → 1; sentiment
    // (0 − 2)/15 × 10 → −1.0 → disagreement 1.0. 0.4 + 0.3 + 0.3 = 1.0.
    expect(calculateCriticalIntensity(critique, "antithesis")).toStrictEqual({
      critical_keywords_count: 6,
      question_count: 3,
      disagreement_level: 1.0,
      intensity_score: 1.0,
    });
  });

  it("is null for every persona but antithesis", () => {
    expect(calculateCriticalIntensity(critique, "thesis")).toBeNull();
    expect(calculateCriticalIntensity(critique, "Antithesis")).toBeNull();
  });

  it("counts a positive sentiment as no disagreement", () => {
    // but (in "but"), 1 question: 0.4 × 1/5 + 0.3 × 1/3 = 0.18
    expect(calculateCriticalIntensity("Hope, but why?", "antithesis")).toStrictEqual({
      critical_keywords_count: 1,
      question_count: 1,
      disagreement_level: 0.0,
      intensity_score: 0.18,
    });
  });
});

describe("calculateResonance", () => {
  it("follows the seed's formulas, counting the response in code points", () => {
    // 510 code points / 1000 + 2 × 0.05 = 0.61; 2 × 0.1 + 0.5 = 0.7; 2/3 = 0.67.
    const response = `${"x".repeat(500)}${"🙂".repeat(10)}`;
    const input = { tools_used: ["a", "b"], facts_verified: 2, facts_total: 3, reproducible: true, external_references: ["r"] };
    expect(calculateResonance(response, input)).toStrictEqual({
      impact_score: 0.61,
      transparency: 0.7,
      reproducibility: 0.85,
      verifiability: 0.67,
      notes: "2/3 facts checked; 1 references",
    });
  });

  it("gives verifiability 0.7 when no fact was checked", () => {
    const input = { tools_used: [], facts_verified: 0, facts_total: 0, reproducible: false, external_references: [] };
    expect(calculateResonance("", input)).toStrictEqual({
      impact_score: 0.0,
      transparency: 0.5,
      reproducibility: 0.5,
      verifiability: 0.7,
      notes: "0/0 facts checked; 0 references",
    });
  });
});

describe("scoreTurn", () => {
  const turn = {
    response: "However, this plan has a risk? But we overlook the flaw？ What is the limitation?",
    seed_prompt: "What are the risks of this plan?",
    persona_role: "Critical reflector",
  };

  it("weights antithesis with its critical intensity", () => {
    // 0.2 × 0.15 + 0.1 × 1.0 + 0.4 × 0.22 + 0.3 × 1.0 = 0.518 → 0.52
    expect(scoreTurn({ ...turn, persona_id: "antithesis" }).overall_score).toBe(0.52);
  });

  it("gives an unknown persona the thesis weights", () => {
    // 0.2 × 0.15 + 0.2 × 1.0 + 0.6 × 0.22 = 0.362 → 0.36
    expect(scoreTurn({ ...turn, persona_id: "thesis" }).overall_score).toBe(0.36);
    expect(scoreTurn({ ...turn, persona_id: "mystery" }).overall_score).toBe(0.36);
    expect(scoreTurn({ ...turn, persona_id: "toString" }).overall_score).toBe(0.36);
  });

  it("keeps the seed's key order and adds resonance only when asked for", () => {
    expect(Object.keys(scoreTurn({ ...turn, persona_id: "thesis" }))).toStrictEqual([
      "length", "sentiment", "completeness", "critical_intensity", "overall_score",
    ]);
    const withResonance = scoreTurn({ ...turn, persona_id: "thesis", reproducible: true });
    expect(Object.keys(withResonance)).toStrictEqual([
      "length", "sentiment", "completeness", "critical_intensity", "resonance", "overall_score",
    ]);
    expect(withResonance.resonance).toStrictEqual({
      impact_score: 0.08,
      transparency: 0.5,
      reproducibility: 0.85,
      verifiability: 0.7,
      notes: "0/0 facts checked; 0 references",
    });
  });

  it("scores an empty response to zeros", () => {
    const metrics = scoreTurn({ response: "", seed_prompt: "", persona_id: "antithesis", persona_role: "Critical reflector" });
    expect(metrics.overall_score).toBe(0.0);
    expect(metrics.critical_intensity).toStrictEqual({
      critical_keywords_count: 0,
      question_count: 0,
      disagreement_level: 0.0,
      intensity_score: 0.0,
    });
  });
});
