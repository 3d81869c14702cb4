import { describe, expect, it } from "vitest";
import { affectPoints, MIXED_PERSONAS, personaBars, personaOrder, turnLabel, turnScores } from "./chart-data";
import type { ChartPoint } from "./session-detail";

const point = (turn: number, personaId: string, depth: number | null, affect: number | null, score: number | null): ChartPoint => ({
  firstTurn: turn,
  lastTurn: turn,
  personaId,
  depth,
  affect,
  affectMin: affect,
  affectMax: affect,
  score,
});

const POINTS = [
  point(1, "thesis", 1, 0.5, 0.7),
  point(2, "antithesis", 1, null, 0.6),
  point(3, "synthesis", 1, 0.58, null),
  point(4, "thesis", 2, 0.62, 0.8),
];

const SUMMARY = {
  total_turns: 4,
  avg_overall_score: 0.53,
  persona_breakdown: { thesis: { count: 2, avg_score: 0.75 }, antithesis: { count: 1, avg_score: 0.6 }, synthesis: { count: 1, avg_score: 0 } },
  affect_trajectory: [0.5, 0.58, 0.62],
  quality_rating: "Fair" as const,
  avg_resonance_metrics: null,
};

describe("chart data", () => {
  it("plots affect by turn number and leaves out turns without one", () => {
    expect(affectPoints(POINTS).map((p) => [p.turn, p.affect, p.personaId])).toEqual([
      [1, 0.5, "thesis"],
      [3, 0.58, "synthesis"],
      [4, 0.62, "thesis"],
    ]);
  });

  it("labels a run of turns by its ends, and draws its bar in the mixed series", () => {
    const run: ChartPoint = { firstTurn: 101, lastTurn: 200, personaId: null, depth: null, affect: 0.4, affectMin: 0.1, affectMax: 0.9, score: 0.55 };
    expect(turnLabel(run)).toBe("101–200");
    expect(turnScores([run])).toEqual([{ turn: "101–200", personaId: MIXED_PERSONAS, score: 0.55 }]);
    expect(affectPoints([run])).toEqual([{ turn: 101, lastTurn: 200, affect: 0.4, affectMin: 0.1, affectMax: 0.9, personaId: null, depth: null }]);
    expect(personaOrder(SUMMARY, [run])).toEqual(["thesis", "antithesis", "synthesis", MIXED_PERSONAS]);
  });

  it("gives every turn's score, null where the judge gave none", () => {
    expect(turnScores(POINTS).map((row) => [row.turn, row.score])).toEqual([["1", 0.7], ["2", 0.6], ["3", null], ["4", 0.8]]);
  });

  it("orders personas by first appearance, and the bars come from the summary", () => {
    expect(personaOrder(SUMMARY, POINTS)).toEqual(["thesis", "antithesis", "synthesis"]);
    expect(personaBars(SUMMARY)).toEqual([
      { personaId: "thesis", averageScore: 0.75, count: 2 },
      { personaId: "antithesis", averageScore: 0.6, count: 1 },
      { personaId: "synthesis", averageScore: 0, count: 1 },
    ]);
  });
});
