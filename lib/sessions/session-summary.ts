// The session summary of seed 002 §4.2 recomputed from stored turns, and its differences
// from the summary file that came with the log (eval_sessions.imported_summary).
import { compareSummaries, type SummaryDifference } from "@/lib/ingest/compare-summary";
import { sessionSummarySchema, type ImportedSummary } from "@/lib/ingest/log-record.schema";
import {
  calculateSessionSummary,
  DEFAULT_JUDGE_CONFIG,
  pyRound,
  qualityRating,
  type QualityCutoffs,
  type ResonanceAverages,
  type SessionSummary,
  type SummaryLogEntry,
} from "@/lib/judge";

export type { SummaryDifference };

type Resonance = NonNullable<SummaryLogEntry["evaluation_metrics"]>["resonance"];

/** What the summary reads from one stored turn, in log order. */
export type SummaryTurn = {
  personaId: string;
  affectAmplitude: number | null;
  /** The chosen judge's score of the turn; null when that judge did not score it (counts as 0). */
  overallScore: number | null;
  resonance: Resonance;
};

export type ImportedComparison =
  | { status: "none" }
  | { status: "invalid"; message: string }
  | { status: "compared"; imported: ImportedSummary; differences: SummaryDifference[] };

/**
 * The summary under the given cut-offs. Turns without an affect amplitude are left out of
 * the trajectory (as the import does when it compares), rather than drawn as 0.
 */
export function summarizeTurns(turns: readonly SummaryTurn[], cutoffs: QualityCutoffs): SessionSummary {
  const config = { ...DEFAULT_JUDGE_CONFIG, qualityCutoffs: cutoffs };
  const summary = calculateSessionSummary(
    turns.map((turn) => ({
      persona: { id: turn.personaId },
      evaluation_metrics: turn.overallScore === null ? null : { overall_score: turn.overallScore, resonance: turn.resonance },
      state_after: { affect_amplitude: turn.affectAmplitude ?? 0 },
    })),
    config,
  );
  const affects = turns.flatMap((turn) => (turn.affectAmplitude === null ? [] : [turn.affectAmplitude]));
  const trajectory = calculateSessionSummary(
    affects.map((affect) => ({ persona: { id: "" }, state_after: { affect_amplitude: affect } })),
    config,
  ).affect_trajectory;
  return { ...summary, affect_trajectory: trajectory };
}

/**
 * What the database sums over a session's turns (in turn order, so that the float sums are
 * the seed's): the summary is built from these instead of from every turn.
 */
export type SummaryTotals = {
  turnCount: number;
  /** Sum of the overall scores, a turn the judge did not score counting as 0. */
  scoreTotal: number;
  /** In order of first appearance. */
  personas: ReadonlyArray<{ personaId: string; count: number; scoreTotal: number }>;
  /** Turns whose metrics hold a non-empty resonance object, and the sums of its four parts. */
  resonanceCount: number;
  resonanceTotals: ResonanceAverages;
  /** Affect amplitudes of the turns that report one, in order. */
  affects: readonly number[];
};

/** The same summary as summarizeTurns, from the totals. */
export function summaryFromTotals(totals: SummaryTotals, cutoffs: QualityCutoffs): SessionSummary {
  const average = totals.turnCount > 0 ? totals.scoreTotal / totals.turnCount : 0.0;
  const { resonanceCount: n, resonanceTotals: r } = totals;
  return {
    total_turns: totals.turnCount,
    avg_overall_score: pyRound(average, 2),
    persona_breakdown: Object.fromEntries(
      totals.personas.map((persona) => [persona.personaId, { count: persona.count, avg_score: pyRound(persona.scoreTotal / persona.count, 2) }]),
    ),
    affect_trajectory: totals.affects.map((affect) => pyRound(affect, 2)),
    quality_rating: qualityRating(average, cutoffs),
    avg_resonance_metrics:
      n === 0
        ? null
        : {
            impact_score: pyRound(r.impact_score / n, 2),
            transparency: pyRound(r.transparency / n, 2),
            reproducibility: pyRound(r.reproducibility / n, 2),
            verifiability: pyRound(r.verifiability / n, 2),
          },
  };
}

/** The imported summary against ours: nothing to compare, a file we cannot read, or the differences. */
export function compareWithImported(imported: unknown, recomputed: SessionSummary): ImportedComparison {
  if (imported === null || imported === undefined) return { status: "none" };
  const parsed = sessionSummarySchema.safeParse(imported);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: "invalid", message: `${issue.path.join(".") || "summary"}: ${issue.message}` };
  }
  return { status: "compared", imported: parsed.data, differences: compareSummaries(parsed.data, recomputed) };
}
