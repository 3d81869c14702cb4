// The session summary of seed 002 §4.2 recomputed from stored turns, and its differences
// from the summary file that came with the log (eval_sessions.imported_summary).
import { compareSummaries, type SummaryDifference } from "@/lib/ingest/compare-summary";
import { sessionSummarySchema, type ImportedSummary } from "@/lib/ingest/log-record.schema";
import { calculateSessionSummary, DEFAULT_JUDGE_CONFIG, type QualityCutoffs, type SessionSummary, type SummaryLogEntry } from "@/lib/judge";

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
