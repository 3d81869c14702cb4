import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { ImportInvalidError } from "./import-errors";
import { importLog } from "./import-log";
import { ndjson, rejectionOf, seedSummary, turn, uniqueId } from "./test-helpers";

const cli = { source: "cli" } as const;

function scored(id: string, personaId: string, overall: number, affect: number) {
  return turn(id, personaId, `${personaId} answer`, {
    evaluation_metrics: { overall_score: overall, resonance: { impact_score: 0.7, transparency: 0.8, reproducibility: 0.9, verifiability: 0.6 } },
    state_after: { affect_amplitude: affect },
  });
}

describe("importLog with a summary.json", () => {
  it("stores the summary beside the session and reports no difference when Concord agrees", async () => {
    const id = uniqueId("summary-same");
    const lines = [scored(id, "thesis", 0.8, 0.5), scored(id, "antithesis", 0.7, 0.55), scored(id, "synthesis", 0.75, 0.61)];
    const summary = {
      total_turns: 3,
      avg_overall_score: 0.75,
      persona_breakdown: { thesis: { count: 1, avg_score: 0.8 }, antithesis: { count: 1, avg_score: 0.7 }, synthesis: { count: 1, avg_score: 0.75 } },
      affect_trajectory: [0.5, 0.55, 0.61],
      quality_rating: "Good",
      avg_resonance_metrics: { impact_score: 0.7, transparency: 0.8, reproducibility: 0.9, verifiability: 0.6 },
    };

    const result = await importLog({ input: ndjson(lines), actor: cli, summary });

    expect(result.sessions[0].summaryDifferences).toEqual([]);
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: id } });
    expect(session.importedSummary).toEqual(summary);
  });

  it("lists every field where the imported summary differs from the recomputed one", async () => {
    const id = uniqueId("summary-diff");
    const lines = [scored(id, "thesis", 0.8, 0.5), scored(id, "antithesis", 0.7, 0.55), scored(id, "synthesis", 0.75, 0.61)];

    const result = await importLog({ input: ndjson(lines), actor: cli, summary: seedSummary() });

    expect(result.sessions[0].summaryDifferences).toEqual([
      { path: "total_turns", imported: 12, recomputed: 3 },
      { path: "avg_overall_score", imported: 0.76, recomputed: 0.75 },
      { path: "persona_breakdown.thesis.count", imported: 4, recomputed: 1 },
      { path: "persona_breakdown.thesis.avg_score", imported: 0.78, recomputed: 0.8 },
      { path: "persona_breakdown.antithesis.count", imported: 4, recomputed: 1 },
      { path: "persona_breakdown.antithesis.avg_score", imported: 0.72, recomputed: 0.7 },
      { path: "persona_breakdown.synthesis.count", imported: 4, recomputed: 1 },
      { path: "persona_breakdown.synthesis.avg_score", imported: 0.79, recomputed: 0.75 },
      { path: "affect_trajectory", imported: [0.5, 0.53, 0.58, 0.62, 0.65, 0.67, 0.7, 0.72, 0.74, 0.75, 0.76, 0.77], recomputed: [0.5, 0.55, 0.61] },
      { path: "avg_resonance_metrics.impact_score", imported: 0.72, recomputed: 0.7 },
      { path: "avg_resonance_metrics.transparency", imported: 0.85, recomputed: 0.8 },
      { path: "avg_resonance_metrics.reproducibility", imported: 0.82, recomputed: 0.9 },
      { path: "avg_resonance_metrics.verifiability", imported: 0.78, recomputed: 0.6 },
    ]);
  });

  it("refuses a summary that is not one, naming its fields", async () => {
    const id = uniqueId("summary-bad");

    const error = await rejectionOf(
      importLog({ input: ndjson([scored(id, "thesis", 0.8, 0.5)]), actor: cli, summary: { total_turns: "12" }, summaryLabel: "run.summary.json" }),
      ImportInvalidError,
    );

    expect(error.report.problems).toEqual([
      { line: null, path: "run.summary.json.total_turns", message: "Invalid input: expected number, received string", found: '"12" (text)', expected: "a number" },
      { line: null, path: "run.summary.json.avg_overall_score", message: "Invalid input: expected number, received undefined", found: "nothing (the field is missing)", expected: "a number" },
    ]);
  });
});
