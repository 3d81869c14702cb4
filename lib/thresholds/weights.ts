import { DEFAULT_JUDGE_CONFIG, type JudgeConfig, type PersonaWeights } from "@/lib/judge";
import type { Thresholds } from "./thresholds.schema";

export type WeightsTable = Thresholds["weights"];

/** The metrics an overall score weighs, in the seed's order (seed 002 §4.1). */
export const WEIGHT_METRICS = ["length", "sentiment", "completeness", "critical_intensity"] as const;
export type WeightMetric = (typeof WEIGHT_METRICS)[number];

export const WEIGHT_METRIC_LABELS: Record<WeightMetric, string> = {
  length: "Length",
  sentiment: "Sentiment",
  completeness: "Completeness",
  critical_intensity: "Critical intensity",
};

/** The personas of seed 002, then "default": the weights of every other persona. */
export const SEED_PERSONAS = ["thesis", "antithesis", "synthesis"] as const;

export function personaLabel(persona: string): string {
  if (persona === "default") return "Other personas";
  return persona.charAt(0).toUpperCase() + persona.slice(1);
}

/** Seed personas first, other named personas next, "default" last. */
export function orderedPersonas(weights: WeightsTable): string[] {
  const named = Object.keys(weights).filter((key) => key !== "default");
  const seed = SEED_PERSONAS.filter((persona) => named.includes(persona));
  const others = named.filter((persona) => !(SEED_PERSONAS as readonly string[]).includes(persona)).sort();
  return [...seed, ...others, "default"];
}

function canonicalPersona(weights: PersonaWeights): PersonaWeights {
  // A critical-intensity weight of 0 adds exactly +0 to the sum: the same score as none.
  const critical = weights.critical_intensity ?? 0;
  const base = { length: weights.length, sentiment: weights.sentiment, completeness: weights.completeness };
  return critical === 0 ? base : { ...base, critical_intensity: critical };
}

/**
 * One spelling for equal weight tables: personas in sorted order, metrics in the seed's
 * order, a zero critical-intensity weight left out. Equal tables give equal scores, so they
 * share one judge version (see judgeVersionForWeights).
 */
export function canonicalWeights(weights: WeightsTable): WeightsTable {
  const entries = Object.keys(weights)
    .sort()
    .map((persona) => [persona, canonicalPersona(weights[persona])] as const);
  return Object.fromEntries(entries) as WeightsTable;
}

export function canonicalWeightsJson(weights: WeightsTable): string {
  return JSON.stringify(canonicalWeights(weights));
}

export function isSameWeights(a: WeightsTable, b: WeightsTable): boolean {
  return canonicalWeightsJson(a) === canonicalWeightsJson(b);
}

/** The heuristic judge's configuration with these weights (every other setting the seed's). */
export function judgeConfigFor(weights: WeightsTable): JudgeConfig {
  const { default: defaultWeights, ...personaWeights } = weights;
  return { ...DEFAULT_JUDGE_CONFIG, personaWeights, defaultWeights };
}
