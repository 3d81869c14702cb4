import type { z } from "zod";
import type { Thresholds } from "./thresholds.schema";
import { orderedPersonas, WEIGHT_METRICS, type WeightMetric } from "./weights";

// The editor keeps what the admin typed as text (so "0." or "" can be on screen), and turns
// it into numbers for the shared schema; errors come back keyed by the dotted field path
// ("cutoffs.good", "weights.thesis.length", "note") to sit next to their field.

export type CutoffKey = "excellent" | "good" | "fair";
export const CUTOFF_KEYS: readonly CutoffKey[] = ["excellent", "good", "fair"];

export type DraftFields = {
  cutoffs: Record<CutoffKey, string>;
  weights: Record<string, Record<WeightMetric, string>>;
};

export function fieldsOf(thresholds: Thresholds): DraftFields {
  const weights: DraftFields["weights"] = {};
  for (const persona of orderedPersonas(thresholds.weights)) {
    const row = thresholds.weights[persona];
    weights[persona] = {
      length: String(row.length),
      sentiment: String(row.sentiment),
      completeness: String(row.completeness),
      critical_intensity: String(row.critical_intensity ?? 0),
    };
  }
  const { cutoffs } = thresholds;
  return { cutoffs: { excellent: String(cutoffs.excellent), good: String(cutoffs.good), fair: String(cutoffs.fair) }, weights };
}

/** Text to number; blank or not a number becomes NaN, which the schema reports as "Enter a number". */
function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** The draft as the shared schema reads it (numbers, maybe NaN); not yet validated. */
export function valuesOf(fields: DraftFields): { cutoffs: Record<CutoffKey, number>; weights: Record<string, Record<WeightMetric, number>> } {
  const weights: Record<string, Record<WeightMetric, number>> = {};
  for (const [persona, row] of Object.entries(fields.weights)) {
    weights[persona] = Object.fromEntries(WEIGHT_METRICS.map((metric) => [metric, numberOf(row[metric])])) as Record<WeightMetric, number>;
  }
  return {
    cutoffs: { excellent: numberOf(fields.cutoffs.excellent), good: numberOf(fields.cutoffs.good), fair: numberOf(fields.cutoffs.fair) },
    weights,
  };
}

/** Zod issues as messages keyed by their dotted path, the first message of a field kept. */
export function fieldErrorsOf(issues: z.ZodError["issues"]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
