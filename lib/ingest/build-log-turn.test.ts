import { describe, expect, it } from "vitest";
import { countSplitWords, DEFAULT_JUDGE_CONFIG, scoreTurn } from "@/lib/judge";
import { buildLogTurn } from "./build-log-turn";
import { logRecordSchema } from "./log-record.schema";

function turnOf(value: Record<string, unknown>, seedPrompt: string | null = null) {
  const record = logRecordSchema.parse(value);
  return buildLogTurn({ record, raw: JSON.stringify(value), ordinal: 4, seedPrompt, config: DEFAULT_JUDGE_CONFIG });
}

describe("buildLogTurn", () => {
  it("scores a turn without metrics with the heuristic judge against the session's seed prompt", () => {
    const response = "We should explore how growth could expand, because trust matters. For example, a pilot.";

    const { turn, score } = turnOf({ persona: { id: "thesis", name: "Dialectic Thesis", role: "Seed explorer" }, response }, "How can trust and growth expand?");

    const expected = scoreTurn({ response, seed_prompt: "How can trust and growth expand?", persona_id: "thesis", persona_role: "Seed explorer" });
    expect(score).toEqual({
      overall_score: expected.overall_score,
      length_score: expected.length.length_score,
      sentiment_score: expected.sentiment.sentiment_score,
      completeness_score: expected.completeness.completeness_score,
      critical_intensity: null,
      impact_score: null,
      metrics: expected,
      is_imported: false,
    });
    expect(turn).toMatchObject({ ordinal: 4, persona_id: "thesis", persona_name: "Dialectic Thesis", word_count: 14, occurred_at: null });
  });

  it("prefers the record's own seed prompt to the session's", () => {
    const value = { persona: { id: "thesis", role: "Seed explorer" }, response: "gardens", seed_prompt: "community gardens" };

    expect(turnOf(value, "something else").score!.metrics).toEqual(scoreTurn({ response: "gardens", seed_prompt: "community gardens", persona_id: "thesis", persona_role: "Seed explorer" }));
  });

  it("keeps the log's own metrics as imported, and reads a timestamp without offset as UTC", () => {
    const metrics = { overall_score: 0.61, length: { length_score: 0.4 }, critical_intensity: null };

    const { turn, score } = turnOf({ persona: { id: "antithesis" }, response: "x", evaluation_metrics: metrics, timestamp: "2025-10-12T10:30:45.123456", state_after: { affect_amplitude: 0.3 } });

    expect(score).toMatchObject({ overall_score: 0.61, length_score: 0.4, critical_intensity: null, metrics, is_imported: true });
    expect(turn).toMatchObject({ occurred_at: "2025-10-12T10:30:45.123Z", affect_amplitude: 0.3, persona_role: null });
  });

  it("counts words as Python's len(text.split()) whether the judge scored the turn or the log did", () => {
    // Python's whitespace beyond ASCII (NBSP, em space, ideographic space, U+001C–U+001F, U+0085),
    // and look-alikes that are not whitespace (zero-width space, U+180E).
    const responses = ["", "  ", "one", " a  b\tc\nd ", "a\u00a0b\u2003c\u3000d", "a\u001cb\u001fc\u0085d", "a\u200bb\u180ec", "naïve — ✓ 😀 end"];
    for (const response of responses) {
      const scored = turnOf({ persona: { id: "thesis" }, response });
      const imported = turnOf({ persona: { id: "thesis" }, response, evaluation_metrics: { overall_score: 0.5 } });
      expect(scored.score!.is_imported).toBe(false);
      expect(imported.score!.is_imported).toBe(true);
      expect([scored.turn.word_count, imported.turn.word_count]).toEqual([countSplitWords(response), countSplitWords(response)]);
    }
    expect(turnOf({ persona: { id: "thesis" }, response: "a\u00a0b\u2003c\u3000d\u200be" }).turn.word_count).toBe(4);
  });
});
