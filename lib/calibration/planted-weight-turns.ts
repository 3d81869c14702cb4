import type { PersonaWeights } from "@/lib/judge";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { roundToHundredths } from "@/lib/thresholds/fast-overall";
import { levelOfScore } from "@/lib/thresholds/levels";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import type { WeightFitTurn } from "./fit-weights";

// Test data for fitted weights: known weights, human levels from them plus noise.

export const PLANTED: Record<string, PersonaWeights> = {
  thesis: { length: 0.45, sentiment: 0.1, completeness: 0.45 },
  antithesis: { length: 0.1, sentiment: 0.2, completeness: 0.3, critical_intensity: 0.4 },
  synthesis: { length: 0.3, sentiment: 0.3, completeness: 0.4 },
};
export const PLANTED_CUTOFFS = { fair: 0.35, good: 0.5, excellent: 0.65 };

/** Turns whose human level is the level of the planted weighted score plus Gaussian noise. */
export function plantedTurns(options: { sessions: number; turnsPerSession: number; noise: number; seed: number }): WeightFitTurn[] {
  const uniform = uniformSource(options.seed);
  const normal = normalSource(uniform);
  const personas = Object.keys(PLANTED);
  const turns: WeightFitTurn[] = [];
  for (let s = 0; s < options.sessions; s++) {
    for (let t = 0; t < options.turnsPerSession; t++) {
      const personaId = personas[(s + t) % personas.length];
      const w = PLANTED[personaId];
      const length = Math.round(uniform() * 100) / 100;
      const sentiment = Math.round((uniform() * 2 - 1) * 100) / 100;
      const completeness = Math.round(uniform() * 100) / 100;
      const critical = personaId === "antithesis" ? Math.round(uniform() * 100) / 100 : 0;
      const truth = w.length * length + w.sentiment * Math.abs(sentiment) + w.completeness * completeness + (w.critical_intensity ?? 0) * critical;
      const level = levelOfScore(truth + options.noise * normal(), PLANTED_CUTOFFS);
      const seedWeights = SEED_THRESHOLDS.weights[personaId];
      const currentScore = roundToHundredths(
        seedWeights.length * length + seedWeights.sentiment * Math.abs(sentiment) + seedWeights.completeness * completeness + (seedWeights.critical_intensity ?? 0) * critical,
      );
      turns.push({ sessionId: 1000 + s, personaId, level, length, sentiment, completeness, critical, currentScore });
    }
  }
  return turns;
}

