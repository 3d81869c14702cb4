import { describe, expect, it } from "vitest";
import { uniformSource } from "@/lib/stats/seeded-random";
import { overallFromComponents } from "./overall-from-components";
import { overallColumn } from "./score-columns";
import { SEED_THRESHOLDS } from "./thresholds.schema";
import { judgeConfigFor, type WeightsTable } from "./weights";

const PERSONAS = ["thesis", "antithesis", "synthesis", "monitor", "someone-else"];

function randomColumns(n: number, seed: number) {
  const uniform = uniformSource(seed);
  const draw = () => Math.round(uniform() * 100) / 100;
  const rows = { n, persona: new Uint16Array(n), overall: new Float64Array(n), length: new Float64Array(n), sentiment: new Float64Array(n), completeness: new Float64Array(n), critical: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    rows.persona[i] = Math.floor(uniform() * PERSONAS.length);
    rows.overall[i] = draw();
    rows.length[i] = draw();
    rows.sentiment[i] = draw() * 2 - 1;
    rows.completeness[i] = draw();
    rows.critical[i] = uniform() < 0.5 ? 0 : draw();
  }
  return rows;
}

describe("overallColumn", () => {
  it("equals overallFromComponents turn by turn under new weights, every persona including one without weights", () => {
    const weights: WeightsTable = {
      ...SEED_THRESHOLDS.weights,
      thesis: { length: 0.35, sentiment: 0.15, completeness: 0.5 },
      antithesis: { length: 0.1, sentiment: 0.2, completeness: 0.3, critical_intensity: 0.4 },
    };
    const rows = randomColumns(20_000, 5);
    const scores = overallColumn(weights, PERSONAS, rows);
    const config = judgeConfigFor(weights);
    for (let i = 0; i < rows.n; i++) {
      const components = { length: rows.length[i], sentiment: rows.sentiment[i], completeness: rows.completeness[i], critical: rows.critical[i] };
      if (scores[i] !== overallFromComponents(components, PERSONAS[rows.persona[i]], config)) throw new Error(`differs at row ${i}`);
    }
    expect(scores).toHaveLength(20_000);
  });

  it("keeps the stored overall score under the seed's weights", () => {
    const rows = randomColumns(1_000, 9);
    expect(Array.from(overallColumn(SEED_THRESHOLDS.weights, PERSONAS, rows))).toEqual(Array.from(rows.overall));
  });
});
