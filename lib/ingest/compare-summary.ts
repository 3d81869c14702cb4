// The imported `*.summary.json` against Concord's own recomputed summary (seed 002 §4.2):
// every field both have, listed where they differ, so that a disagreement shows rather
// than hides (a different judge version, a truncated log, rounding).
import { calculateSessionSummary, type JudgeConfig, type SessionSummary, type SummaryLogEntry } from "@/lib/judge";
import type { ImportedSummary } from "./log-record.schema";
import type { ScoreRow } from "./turn-row";

export type SummaryDifference = { path: string; imported: unknown; recomputed: unknown };

type Resonance = NonNullable<SummaryLogEntry["evaluation_metrics"]>["resonance"];

/** Scores are rounded to 2 places on both sides; anything closer than this is equal. */
const TOLERANCE = 1e-9;

/** Collects what the summary needs from each stored turn, in log order. */
export class SummaryTally {
  private readonly entries: SummaryLogEntry[] = [];
  private readonly affects: number[] = [];

  add(personaId: string, score: ScoreRow | null, affect: number | null): void {
    const metrics = score?.metrics as { resonance?: Resonance } | undefined;
    this.entries.push({
      persona: { id: personaId },
      evaluation_metrics: score ? { overall_score: score.overall_score, resonance: metrics?.resonance ?? null } : null,
      state_after: { affect_amplitude: affect ?? 0 },
    });
    if (affect !== null) this.affects.push(affect);
  }

  /** The recomputed summary; turns without an affect amplitude are left out of the trajectory. */
  summary(config: JudgeConfig): SessionSummary {
    const summary = calculateSessionSummary(this.entries, config);
    const withAffect = calculateSessionSummary(
      this.affects.map((affect) => ({ persona: { id: "" }, state_after: { affect_amplitude: affect } })),
      config,
    );
    return { ...summary, affect_trajectory: withAffect.affect_trajectory };
  }
}

export function compareSummaries(imported: ImportedSummary, recomputed: SessionSummary): SummaryDifference[] {
  const differences: SummaryDifference[] = [];
  const compare = (path: string, a: unknown, b: unknown) => {
    if (!isSame(a, b)) differences.push({ path, imported: a ?? null, recomputed: b ?? null });
  };
  compare("total_turns", imported.total_turns, recomputed.total_turns);
  compare("avg_overall_score", imported.avg_overall_score, recomputed.avg_overall_score);
  if (imported.quality_rating != null) compare("quality_rating", imported.quality_rating, recomputed.quality_rating);
  if (imported.persona_breakdown != null) {
    const ids = new Set([...Object.keys(imported.persona_breakdown), ...Object.keys(recomputed.persona_breakdown)]);
    for (const id of ids) {
      const a = imported.persona_breakdown[id];
      const b = recomputed.persona_breakdown[id];
      if (a === undefined || b === undefined) compare(`persona_breakdown.${id}`, a, b);
      else {
        compare(`persona_breakdown.${id}.count`, a.count, b.count);
        compare(`persona_breakdown.${id}.avg_score`, a.avg_score, b.avg_score);
      }
    }
  }
  if (imported.affect_trajectory != null) compare("affect_trajectory", imported.affect_trajectory, recomputed.affect_trajectory);
  if (imported.avg_resonance_metrics !== undefined) {
    const a = imported.avg_resonance_metrics;
    const b = recomputed.avg_resonance_metrics;
    if (a === null || b === null) compare("avg_resonance_metrics", a, b);
    else for (const key of ["impact_score", "transparency", "reproducibility", "verifiability"] as const) {
      if (a[key] != null) compare(`avg_resonance_metrics.${key}`, a[key], b[key]);
    }
  }
  return differences;
}

function isSame(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= TOLERANCE;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => isSame(item, b[i]));
  return a === b;
}
