// The session summary (seed 002 §4.2): averages per persona and overall, the affect
// trajectory, the quality level, and the average resonance metrics.
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { pyRound } from "./python-round";
import { qualityRating } from "./quality-rating";
import type { QualityRating } from "./types";

const RESONANCE_KEYS = ["impact_score", "transparency", "reproducibility", "verifiability"] as const;
type ResonanceKey = (typeof RESONANCE_KEYS)[number];
export type ResonanceAverages = Record<ResonanceKey, number>;

/** The parts of an orchestrator log line (seed 002 §6.1) the summary reads. */
export interface SummaryLogEntry {
  readonly persona: { readonly id: string };
  readonly evaluation_metrics?: {
    readonly overall_score?: number;
    readonly resonance?: Readonly<Partial<Record<ResonanceKey, number>>> | null;
  } | null;
  readonly state_after: { readonly affect_amplitude: number };
}

export interface PersonaBreakdown {
  count: number;
  avg_score: number;
}

export interface SessionSummary {
  total_turns: number;
  avg_overall_score: number;
  /** In order of first appearance (integer-like persona ids aside: JavaScript sorts those first). */
  persona_breakdown: Record<string, PersonaBreakdown>;
  affect_trajectory: number[];
  quality_rating: QualityRating;
  /** Averages over the turns that have resonance metrics; null when none has. */
  avg_resonance_metrics: ResonanceAverages | null;
}

/**
 * Sums run left to right like Python 3.11's sum(); the quality level is taken from the
 * unrounded average, as in the seed. A turn without metrics counts with an overall score of 0.
 */
export function calculateSessionSummary(
  entries: readonly SummaryLogEntry[],
  config: JudgeConfig = DEFAULT_JUDGE_CONFIG,
): SessionSummary {
  const personaScores = new Map<string, number[]>();
  const resonanceTotals: ResonanceAverages = { impact_score: 0.0, transparency: 0.0, reproducibility: 0.0, verifiability: 0.0 };
  let resonanceCount = 0;
  let total = 0;

  for (const entry of entries) {
    const metrics = entry.evaluation_metrics ?? {};
    const score = metrics.overall_score ?? 0.0;
    const scores = personaScores.get(entry.persona.id);
    if (scores === undefined) personaScores.set(entry.persona.id, [score]);
    else scores.push(score);
    total += score;
    const resonance = metrics.resonance;
    // The seed tests the dict's truthiness: an empty one does not count.
    if (resonance != null && Object.keys(resonance).length > 0) {
      for (const key of RESONANCE_KEYS) resonanceTotals[key] += resonance[key] ?? 0;
      resonanceCount++;
    }
  }

  const average = entries.length > 0 ? total / entries.length : 0.0;
  return {
    total_turns: entries.length,
    avg_overall_score: pyRound(average, 2),
    persona_breakdown: Object.fromEntries(
      [...personaScores].map(([id, scores]) => [id, { count: scores.length, avg_score: pyRound(sum(scores) / scores.length, 2) }]),
    ),
    affect_trajectory: entries.map((entry) => pyRound(entry.state_after.affect_amplitude, 2)),
    quality_rating: qualityRating(average, config.qualityCutoffs),
    avg_resonance_metrics: resonanceCount === 0 ? null : averages(resonanceTotals, resonanceCount),
  };
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function averages(totals: ResonanceAverages, count: number): ResonanceAverages {
  return {
    impact_score: pyRound(totals.impact_score / count, 2),
    transparency: pyRound(totals.transparency / count, 2),
    reproducibility: pyRound(totals.reproducibility / count, 2),
    verifiability: pyRound(totals.verifiability / count, 2),
  };
}
