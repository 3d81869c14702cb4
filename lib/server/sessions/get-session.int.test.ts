import { describe, expect, it } from "vitest";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "../db";
import { createJudge, createSession, uniqueWord } from "./session-fixtures";
import { getSession } from "./get-session";
import { genericFieldsSchema } from "@/lib/ingest/import-options.schema";
import { importGeneric } from "@/lib/server/import/import-generic";

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const METRICS = {
  length: { char_count: 842, word_count: 156, sentence_count: 8, avg_sentence_length: 19.5, length_score: 0.85 },
  sentiment: { sentiment_score: -0.18, positive_count: 2, negative_count: 7, neutral_ratio: 0.92, confidence: 0.06 },
  completeness: { has_reasoning: true, has_concrete_example: false, addresses_prompt: true, keyword_coverage: 0.6, role_alignment: 0.85, completeness_score: 0.72 },
  critical_intensity: { critical_keywords_count: 6, question_count: 2, disagreement_level: 0.18, intensity_score: 0.68 },
  resonance: { impact_score: 0.74, transparency: 0.88, reproducibility: 0.85, verifiability: 0.8, notes: "2/3 facts checked" },
  overall_score: 0.74,
};

async function sessionWithTwoJudges(importedSummary?: unknown) {
  const first = await createJudge("heuristic-detail", "heuristic");
  const second = await createJudge("llm-detail");
  const id = await createSession({
    seedPrompt: `${uniqueWord()} detail prompt`,
    importedSummary,
    turns: [
      { personaId: "thesis", affect: 0.5, scores: { [first]: 0.7, [second]: 0.2 } },
      { personaId: "antithesis", affect: 0.55, scores: { [first]: 0.74 }, metrics: METRICS, ratings: [3, 4] },
      { personaId: "synthesis", affect: null, scores: { [first]: 0.9 } },
      { personaId: "thesis", affect: 0.62, depth: 2, scores: { [first]: 0.8 } },
    ],
  });
  return { id, first, second };
}

describe("getSession", () => {
  it("returns null for a session that does not exist", async () => {
    expect(await getSession(2_000_000_000, { cutoffs: SEED_CUTOFFS, includeRaterNames: true })).toBeNull();
  });

  it("recomputes the seed's summary with the session's first judge", async () => {
    const { id, first, second } = await sessionWithTwoJudges();
    const detail = (await getSession(id, { cutoffs: SEED_CUTOFFS, includeRaterNames: true }))!;

    expect(detail.judge?.id).toBe(first);
    expect(detail.judges.map((judge) => [judge.id, judge.scoredTurns])).toEqual([[first, 4], [second, 1]]);
    expect(detail.turns.map((turn) => turn.score?.overallScore)).toEqual([0.7, 0.74, 0.9, 0.8]);
    expect(detail.summary).toEqual({
      total_turns: 4,
      avg_overall_score: 0.78, // the float sum is 3.1399999999999997, so 0.785 rounds down
      persona_breakdown: { thesis: { count: 2, avg_score: 0.75 }, antithesis: { count: 1, avg_score: 0.74 }, synthesis: { count: 1, avg_score: 0.9 } },
      affect_trajectory: [0.5, 0.55, 0.62],
      quality_rating: "Good",
      avg_resonance_metrics: { impact_score: 0.74, transparency: 0.88, reproducibility: 0.85, verifiability: 0.8 },
    });
    expect(detail.comparison).toEqual({ status: "none" });
  });

  it("uses another judge's scores when asked, counting the turns it did not score as 0", async () => {
    const { id, second } = await sessionWithTwoJudges();
    const detail = (await getSession(id, { cutoffs: SEED_CUTOFFS, judgeId: second, includeRaterNames: true }))!;
    expect(detail.judge?.id).toBe(second);
    expect(detail.turns.map((turn) => turn.score?.overallScore ?? null)).toEqual([0.2, null, null, null]);
    expect(detail.summary).toMatchObject({ avg_overall_score: 0.05, quality_rating: "Poor" });
  });

  it("follows the cut-offs it is given", async () => {
    const { id } = await sessionWithTwoJudges();
    const detail = (await getSession(id, { cutoffs: { fair: 0.3, good: 0.5, excellent: 0.78 }, includeRaterNames: true }))!;
    expect(detail.summary.quality_rating).toBe("Excellent");
  });

  it("reads each turn's metric breakdown and human ratings", async () => {
    const { id } = await sessionWithTwoJudges();
    const rater = await createTestUser("rater");
    const turn = await getDb().turn.findFirstOrThrow({ where: { sessionId: id, ordinal: 0 } });
    await getDb().rating.create({ data: { turnId: turn.id, raterId: rater.id, level: 2, rationale: "Too vague" } });

    const detail = (await getSession(id, { cutoffs: SEED_CUTOFFS, includeRaterNames: true }))!;
    expect(detail.turns[1].score?.metrics).toMatchObject({ critical_intensity: { intensity_score: 0.68 }, completeness: { has_reasoning: true } });
    expect(detail.turns[1].ratings.map((rating) => [rating.annotator, rating.level, rating.source])).toEqual([
      ["annotator-0", 3, "imported"],
      ["annotator-1", 4, "imported"],
    ]);
    expect(detail.turns[0].ratings).toMatchObject([{ level: 2, rationale: "Too vague", source: "queue", rater: { id: rater.id, name: "Test rater" } }]);

    const forApi = (await getSession(id, { cutoffs: SEED_CUTOFFS, includeRaterNames: false }))!;
    expect(forApi.turns[0].ratings[0].rater).toEqual({ id: rater.id, name: null });
  });

  it("lists where the imported summary differs from the recomputed one", async () => {
    const { id } = await sessionWithTwoJudges({
      total_turns: 4,
      avg_overall_score: 0.79,
      persona_breakdown: { thesis: { count: 2, avg_score: 0.8 }, antithesis: { count: 1, avg_score: 0.74 }, synthesis: { count: 1, avg_score: 0.9 } },
      quality_rating: "Excellent",
    });
    const detail = (await getSession(id, { cutoffs: SEED_CUTOFFS, includeRaterNames: true }))!;
    expect(detail.comparison).toMatchObject({
      status: "compared",
      differences: [
        { path: "avg_overall_score", imported: 0.79, recomputed: 0.78 },
        { path: "quality_rating", imported: "Excellent", recomputed: "Good" },
        { path: "persona_breakdown.thesis.avg_score", imported: 0.8, recomputed: 0.75 },
      ],
    });
  });

  it("says when the imported summary cannot be read", async () => {
    const { id } = await sessionWithTwoJudges({ total_turns: "four" });
    const detail = (await getSession(id, { cutoffs: SEED_CUTOFFS, includeRaterNames: true }))!;
    expect(detail.comparison).toMatchObject({ status: "invalid" });
  });

  it("reads the judge's labels and the humans' labels of an imported label criterion, which has no judge score", async () => {
    const externalId = `labels-${uniqueWord()}`;
    const tags = `tags-${uniqueWord()}`;
    const csv = ["item_id,dimension,judge_score,p,human_1,human_2", `q1,${tags},a|b,0.4,[],b`, `q2,${tags},[],,a,`].join("\n");
    const imported = await importGeneric({ text: csv, fileName: "t.csv", fields: genericFieldsSchema.parse({ confidenceField: "p", judgeName: externalId }), actor: { source: "web" }, sessionId: externalId });

    const detail = (await getSession(imported.sessions[0].id, { cutoffs: SEED_CUTOFFS, includeRaterNames: true }))!;

    expect(detail.judge).toBeNull();
    expect(detail.turns.map((turn) => [turn.score, turn.judgeLabels])).toEqual([
      [null, [{ label: null, labels: ["a", "b"], confidence: 0.4, judgeName: `imported:${externalId}` }]],
      [null, [{ label: null, labels: [], confidence: null, judgeName: `imported:${externalId}` }]],
    ]);
    const byAnnotator = (turn: (typeof detail.turns)[number]) => [...turn.ratings].sort((a, b) => (a.annotator ?? "").localeCompare(b.annotator ?? ""));
    expect(detail.turns.map((turn) => byAnnotator(turn).map((rating) => [rating.annotator, rating.label, rating.labels]))).toEqual([
      [["human_1", null, []], ["human_2", null, ["b"]]],
      [["human_1", null, ["a"]]],
    ]);
  });
});
