import { describe, expect, it } from "vitest";
import { weightsFor } from "@/lib/judge";
import { SEED_THRESHOLDS } from "./thresholds.schema";
import { canonicalWeights, canonicalWeightsJson, isSameWeights, judgeConfigFor, orderedPersonas } from "./weights";

describe("canonicalWeights", () => {
  it("spells equal tables the same way whatever the key order and zero critical weights", () => {
    const shuffled = {
      synthesis: { completeness: 0.7, sentiment: 0.1, length: 0.2, critical_intensity: 0 },
      default: { length: 0.2, sentiment: 0.2, completeness: 0.6 },
      antithesis: { critical_intensity: 0.3, completeness: 0.4, sentiment: 0.1, length: 0.2 },
      thesis: { length: 0.2, sentiment: 0.2, completeness: 0.6, critical_intensity: 0 },
    };

    expect(canonicalWeightsJson(shuffled)).toBe(canonicalWeightsJson(SEED_THRESHOLDS.weights));
    expect(Object.keys(canonicalWeights(shuffled))).toEqual(["antithesis", "default", "synthesis", "thesis"]);
    expect(isSameWeights(shuffled, SEED_THRESHOLDS.weights)).toBe(true);
  });

  it("tells tables apart when any weight differs", () => {
    const changed = { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 } };

    expect(isSameWeights(changed, SEED_THRESHOLDS.weights)).toBe(false);
  });
});

describe("judgeConfigFor", () => {
  it("gives named personas their weights and every other persona the default ones", () => {
    const weights = { ...SEED_THRESHOLDS.weights, default: { length: 0.5, sentiment: 0, completeness: 0.5 } };
    const config = judgeConfigFor(weights);

    expect(weightsFor("antithesis", config)).toEqual(SEED_THRESHOLDS.weights.antithesis);
    expect(weightsFor("monitor", config)).toEqual(weights.default);
    expect(weightsFor("default", config)).toEqual(weights.default);
  });
});

describe("orderedPersonas", () => {
  it("lists the seed's personas first, others next and default last", () => {
    const weights = { ...SEED_THRESHOLDS.weights, planner: SEED_THRESHOLDS.weights.thesis };

    expect(orderedPersonas(weights)).toEqual(["thesis", "antithesis", "synthesis", "planner", "default"]);
  });
});
