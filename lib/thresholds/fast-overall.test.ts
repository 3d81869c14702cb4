import { describe, expect, it } from "vitest";
import { pyRound } from "@/lib/judge";
import { uniformSource } from "@/lib/stats/seeded-random";
import { compileWeights, overallOf, roundToHundredths } from "./fast-overall";
import { overallFromComponents } from "./overall-from-components";
import { SEED_THRESHOLDS } from "./thresholds.schema";
import { judgeConfigFor, type WeightsTable } from "./weights";

describe("roundToHundredths", () => {
  it("equals pyRound(x, 2) on exact ties, values a hair from a half, and edge values", () => {
    const values = [0.125, 0.375, 0.625, 0.875, 0.005, 0.015, 0.285, 0.995, 2.675, 1.005, 0.30499999999999999, 0.305, 0, -0.125, -0.456, 1, 0.5, 1e-12, 1e7 + 0.125, 0.1 + 0.2];
    for (const x of values) expect(roundToHundredths(x), String(x)).toBe(pyRound(x, 2));
  });

  it("equals pyRound(x, 2) on a million random doubles in 0–1.5 and on sums of two-decimal products", () => {
    const uniform = uniformSource(7);
    for (let i = 0; i < 1_000_000; i++) {
      const x = i % 2 === 0 ? uniform() * 1.5 : 0.2 * (Math.round(uniform() * 100) / 100) + 0.6 * (Math.round(uniform() * 100) / 100);
      if (roundToHundredths(x) !== pyRound(x, 2)) throw new Error(`differs at ${x}`);
    }
  });
});

describe("overallOf", () => {
  it("equals overallFromComponents for every persona, random weights and components, missing metrics included", () => {
    const uniform = uniformSource(11);
    const draw = () => Math.round(uniform() * 100) / 100;
    const weights: WeightsTable = {
      ...SEED_THRESHOLDS.weights,
      thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 },
      antithesis: { length: 0.15, sentiment: 0.25, completeness: 0.3, critical_intensity: 0.3 },
    };
    const personas = ["thesis", "antithesis", "synthesis", "monitor"];
    for (const table of [SEED_THRESHOLDS.weights, weights]) {
      const config = judgeConfigFor(table);
      const compiled = compileWeights(table, personas);
      for (let i = 0; i < 200_000; i++) {
        const p = i % personas.length;
        const components = {
          length: i % 97 === 0 ? null : draw(),
          sentiment: i % 89 === 0 ? null : draw() * 2 - 1,
          completeness: i % 83 === 0 ? null : i % 2 === 0 ? draw() : uniform(),
          critical: i % 3 === 0 ? null : draw(),
        };
        const expected = overallFromComponents(components, personas[p], config);
        const actual = overallOf(compiled, p, components.length ?? 0, components.sentiment ?? 0, components.completeness ?? 0, components.critical ?? 0);
        if (actual !== expected) throw new Error(`differs for ${personas[p]} ${JSON.stringify(components)}: ${actual} ≠ ${expected}`);
      }
    }
  });
});
