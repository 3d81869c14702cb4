// Resonance QC metrics (seed 002 §3.3): impact, transparency, reproducibility, verifiability.
import { pyRound } from "./python-round";
import { codePointLength } from "./python-text";
import type { ResonanceInput, ResonanceMetrics } from "./types";

/** The seed's verifiability when no fact was checked at all. */
const UNCHECKED_VERIFIABILITY = 0.7;

export function calculateResonance(response: string, input: ResonanceInput): ResonanceMetrics {
  const tools = input.tools_used.length;
  const impact = Math.min(codePointLength(response) / 1000 + tools * 0.05, 1.0);
  const transparency = Math.min(tools * 0.1 + 0.5, 1.0);
  const reproducibility = input.reproducible ? 0.85 : 0.5;
  const verifiability = input.facts_total !== 0 ? input.facts_verified / input.facts_total : UNCHECKED_VERIFIABILITY;
  return {
    impact_score: pyRound(impact, 2),
    transparency: pyRound(transparency, 2),
    reproducibility: pyRound(reproducibility, 2),
    verifiability: pyRound(verifiability, 2),
    notes: `${input.facts_verified}/${input.facts_total} facts checked; ${input.external_references.length} references`,
  };
}
