import { describe, expect, it } from "vitest";
import { affectPoints, depthBoundaries, personaBars, personaOrder, turnScores } from "./chart-data";

const turn = (ordinal: number, personaId: string, depthIndex: number | null, affectAmplitude: number | null, score: number | null) => ({
  ordinal,
  personaId,
  depthIndex,
  affectAmplitude,
  score: score === null ? null : { overallScore: score, metrics: null, rationale: null, isImported: false },
});

const TURNS = [
  turn(0, "thesis", 1, 0.5, 0.7),
  turn(1, "antithesis", 1, null, 0.6),
  turn(2, "synthesis", 1, 0.58, null),
  turn(3, "thesis", 2, 0.62, 0.8),
  turn(4, "antithesis", 2, 0.65, 0.75),
  turn(5, "synthesis", 3, 0.7, 0.9),
];

describe("chart data", () => {
  it("plots affect by turn number and leaves out turns without one", () => {
    expect(affectPoints(TURNS).map((point) => [point.turn, point.affect, point.personaId])).toEqual([
      [1, 0.5, "thesis"],
      [3, 0.58, "synthesis"],
      [4, 0.62, "thesis"],
      [5, 0.65, "antithesis"],
      [6, 0.7, "synthesis"],
    ]);
  });

  it("marks the first turn of every depth after the first", () => {
    expect(depthBoundaries(TURNS)).toEqual([
      { turn: 4, depth: 2 },
      { turn: 6, depth: 3 },
    ]);
    expect(depthBoundaries([turn(0, "thesis", null, 0.5, 0.5)])).toEqual([]);
  });

  it("keeps the persona breakdown in order of first appearance", () => {
    const summary = {
      total_turns: 2,
      avg_overall_score: 0.5,
      persona_breakdown: { synthesis: { count: 1, avg_score: 0.4 }, thesis: { count: 1, avg_score: 0.6 } },
      affect_trajectory: [],
      quality_rating: "Fair" as const,
      avg_resonance_metrics: null,
    };
    expect(personaBars(summary)).toEqual([
      { personaId: "synthesis", averageScore: 0.4, count: 1 },
      { personaId: "thesis", averageScore: 0.6, count: 1 },
    ]);
  });

  it("lists every turn's score, null where the judge gave none", () => {
    expect(turnScores(TURNS).map((row) => row.score)).toEqual([0.7, 0.6, null, 0.8, 0.75, 0.9]);
  });

  it("orders personas by first appearance", () => {
    expect(personaOrder(TURNS)).toEqual(["thesis", "antithesis", "synthesis"]);
  });
});
