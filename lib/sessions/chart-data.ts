// The session page's charts as plain rows: what Recharts draws and what the table view lists.
// They come from the database's chart points (a turn each, or runs of turns in a long session).
import type { SessionSummary } from "@/lib/judge";
import type { ChartPoint } from "./session-detail";

/** The bar series of runs whose turns have different personas. */
export const MIXED_PERSONAS = "several personas";

export type AffectPoint = {
  /** The x position: the turn number, or a run's first turn number. */
  turn: number;
  lastTurn: number;
  affect: number;
  affectMin: number;
  affectMax: number;
  /** The persona of the point's turns; null when they differ (no persona mark is drawn). */
  personaId: string | null;
  depth: number | null;
};

/** "12", or "101–200" for a run of turns. */
export function turnLabel(point: Pick<ChartPoint, "firstTurn" | "lastTurn">): string {
  return point.firstTurn === point.lastTurn ? String(point.firstTurn) : `${point.firstTurn}–${point.lastTurn}`;
}

/** Turn number (from 1) against affect amplitude, for the points whose turns report one. */
export function affectPoints(points: readonly ChartPoint[]): AffectPoint[] {
  return points.flatMap((point) =>
    point.affect === null
      ? []
      : [
          {
            turn: point.firstTurn,
            lastTurn: point.lastTurn,
            affect: point.affect,
            affectMin: point.affectMin ?? point.affect,
            affectMax: point.affectMax ?? point.affect,
            personaId: point.personaId,
            depth: point.depth,
          },
        ],
  );
}

export type PersonaBar = { personaId: string; averageScore: number; count: number };

/** The summary's persona breakdown, in order of first appearance. */
export function personaBars(summary: SessionSummary): PersonaBar[] {
  return Object.entries(summary.persona_breakdown).map(([personaId, { avg_score, count }]) => ({ personaId, averageScore: avg_score, count }));
}

export type TurnScore = { turn: string; personaId: string; score: number | null };

/** Each point's overall score from the chosen judge (a run's mean; null where it gave none). */
export function turnScores(points: readonly ChartPoint[]): TurnScore[] {
  return points.map((point) => ({ turn: turnLabel(point), personaId: point.personaId ?? MIXED_PERSONAS, score: point.score }));
}

/** Persona ids in order of first appearance (from the summary), then the mixed series when a run has several. */
export function personaOrder(summary: SessionSummary, points: readonly ChartPoint[]): string[] {
  const personas = Object.keys(summary.persona_breakdown);
  return points.some((point) => point.personaId === null) ? [...personas, MIXED_PERSONAS] : personas;
}
