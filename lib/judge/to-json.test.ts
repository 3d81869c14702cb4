import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ScoreInput } from "./score-input.schema";
import { scoreTurn } from "./score-turn";
import { toJson, turnMetricsJson } from "./to-json";
import type { TurnMetrics } from "./types";
import { uniformSource } from "@/lib/stats/seeded-random";

describe("toJson", () => {
  it("writes -0 as -0.0 so the sign survives, like Python's json.dumps", () => {
    expect(toJson({ a: -0, b: 0, c: [-0] })).toBe('{"a":-0.0,"b":0,"c":[-0.0]}');
    expect(Object.is((JSON.parse(toJson(-0)) as number), -0)).toBe(true);
  });

  it("otherwise matches JSON.stringify, keys in insertion order, undefined fields left out", () => {
    const value = { z: 1.5, a: "é\n\"", n: null, t: true, u: undefined, list: [1, "x", { k: 0.1 }] };
    expect(toJson(value)).toBe(JSON.stringify(value));
  });
});


describe("turnMetricsJson", () => {
  it("writes exactly what toJson writes for the fixture cases and 1,000 random turns", () => {
    const fixtures = readFileSync(new URL("./fixtures/cases.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { input: ScoreInput }).input);
    const random = uniformSource(3);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const words = ["hope", "risk", "fear", "because", "for example", "however", "탐색", "문제", "Why?", "ok.", "🙂", "plan", "\"q\""];
    const turns: ScoreInput[] = Array.from({ length: 1000 }, () => {
      const turn: ScoreInput = {
        response: Array.from({ length: Math.floor(random() * 700) }, () => pick(words)).join(" "),
        seed_prompt: pick(["What are the risks of a plan?", "", "탐색 방법은?"]),
        persona_id: pick(["thesis", "antithesis", "synthesis", "other"]),
        persona_role: pick(["Seed explorer", "Critical reflector", "Integrator", "none"]),
      };
      if (random() < 0.4) {
        turn.tools_used = Array.from({ length: Math.floor(random() * 4) }, (_, i) => `t${i}`);
        turn.facts_verified = Math.floor(random() * 4);
        turn.facts_total = Math.floor(random() * 4);
      }
      return turn;
    });
    // Thousands of tokens and one negative one: a sentiment score that rounds to -0.
    turns.push({ response: `${"word ".repeat(3000)}risk`, seed_prompt: "", persona_id: "antithesis", persona_role: "" });
    const metrics = [...fixtures, ...turns].map((turn) => scoreTurn(turn));
    expect(metrics.some((m) => Object.is(m.sentiment.sentiment_score, -0))).toBe(true);
    expect(metrics.some((m) => m.resonance !== undefined) && metrics.some((m) => m.critical_intensity !== null)).toBe(true);
    const differing = metrics.filter((m) => turnMetricsJson(m) !== toJson(m));
    expect(differing.slice(0, 2)).toStrictEqual([]);
  });

  it("writes -0, non-finite numbers and awkward notes as toJson does", () => {
    const metrics: TurnMetrics = {
      length: { char_count: 0, word_count: -0, sentence_count: 1, avg_sentence_length: Number.NaN, length_score: 1e21 },
      sentiment: { sentiment_score: -0, positive_count: 0, negative_count: 0, neutral_ratio: Infinity, confidence: 5e-324 },
      completeness: {
        has_reasoning: true, has_concrete_example: false, addresses_prompt: true,
        keyword_coverage: 0.1, role_alignment: -0.5, completeness_score: 1 / 3,
      },
      critical_intensity: { critical_keywords_count: 2, question_count: -0, disagreement_level: 0.3, intensity_score: 0.12 },
      resonance: { impact_score: 1, transparency: 0.6, reproducibility: 0.85, verifiability: 0.7, notes: 'a "b"\n\u2028\ud800 é' },
      overall_score: -0,
    };
    expect(turnMetricsJson(metrics)).toBe(toJson(metrics));
  });

  it("writes every hundredth, its neighbouring doubles and sums such as 0.1 + 0.2 as toJson does", () => {
    const base = scoreTurn({ response: "hope", seed_prompt: "", persona_id: "thesis", persona_role: "" });
    const values: number[] = [0.1 + 0.2, 1 - 0.9, 0.29 * 100, 2.675, 12.3, -1.005, 1e-7, 123456.78];
    for (let k = -150; k <= 150; k++) {
      const value = k / 100;
      values.push(value, value + Number.EPSILON * Math.max(1, Math.abs(value)), value - Number.EPSILON * Math.max(1, Math.abs(value)));
    }
    const wrong = values.filter((value) => {
      const metrics = { ...base, overall_score: value };
      return turnMetricsJson(metrics) !== toJson(metrics);
    });
    expect(wrong).toStrictEqual([]);
  });
});
