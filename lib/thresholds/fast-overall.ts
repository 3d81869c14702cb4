import { pyRound, weightsFor } from "@/lib/judge";
import type { WeightsTable } from "./weights";
import { judgeConfigFor } from "./weights";

/**
 * Python's round(x, 2), exactly as pyRound(x, 2), without building a decimal string for the
 * common case. x·100 is computed with a relative error of at most 2⁻⁵³, so when its
 * fractional part is further than 1e-9 from one half, the nearer hundredth is unambiguous
 * and k/100 (a correctly rounded division) is the very double Number("0.kk") gives. Near a
 * half, and for negative or huge values, pyRound decides.
 */
export function roundToHundredths(x: number): number {
  if (x > 0 && x < 1e6) {
    const scaled = x * 100;
    const floor = Math.floor(scaled);
    const fraction = scaled - floor;
    if (fraction < 0.5 - 1e-9) return floor / 100;
    if (fraction > 0.5 + 1e-9) return (floor + 1) / 100;
  }
  return pyRound(x, 2);
}

/** Per-persona weights as arrays indexed like `personas`, for scoring many turns in a loop. */
export type CompiledWeights = { length: Float64Array; sentiment: Float64Array; completeness: Float64Array; critical: Float64Array };

/** The weights calculateOverallScore would use for each persona under this table. */
export function compileWeights(weights: WeightsTable, personas: readonly string[]): CompiledWeights {
  const config = judgeConfigFor(weights);
  const compiled: CompiledWeights = {
    length: new Float64Array(personas.length),
    sentiment: new Float64Array(personas.length),
    completeness: new Float64Array(personas.length),
    critical: new Float64Array(personas.length),
  };
  personas.forEach((persona, i) => {
    const w = weightsFor(persona, config);
    compiled.length[i] = w.length;
    compiled.sentiment[i] = w.sentiment;
    compiled.completeness[i] = w.completeness;
    compiled.critical[i] = w.critical_intensity ?? 0;
  });
  return compiled;
}

/**
 * overallFromComponents for persona index `p`, with missing metrics given as 0 (as it counts
 * them): the same products summed in the same order, then rounded the same way.
 */
export function overallOf(w: CompiledWeights, p: number, length: number, sentiment: number, completeness: number, critical: number): number {
  return roundToHundredths(w.length[p] * length + w.sentiment[p] * Math.abs(sentiment) + w.completeness[p] * completeness + w.critical[p] * critical);
}
