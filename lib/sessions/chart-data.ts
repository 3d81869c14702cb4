// The session page's charts as plain rows: what Recharts draws and what the table view lists.
import type { SessionSummary } from "@/lib/judge";
import type { TurnDetail } from "./session-detail";

type ChartTurn = Pick<TurnDetail, "ordinal" | "depthIndex" | "personaId" | "affectAmplitude" | "score">;

export type AffectPoint = { turn: number; affect: number; personaId: string; depth: number | null };

/** Turn number (from 1) against affect amplitude, for the turns that report one. */
export function affectPoints(turns: readonly ChartTurn[]): AffectPoint[] {
  return turns.flatMap((turn) =>
    turn.affectAmplitude === null ? [] : [{ turn: turn.ordinal + 1, affect: turn.affectAmplitude, personaId: turn.personaId, depth: turn.depthIndex }],
  );
}

/** Where a new depth starts: the first turn number of every depth after the first. */
export function depthBoundaries(turns: readonly ChartTurn[]): Array<{ turn: number; depth: number }> {
  const boundaries: Array<{ turn: number; depth: number }> = [];
  let previous: number | null = null;
  for (const turn of turns) {
    if (turn.depthIndex === null) continue;
    if (previous !== null && turn.depthIndex !== previous) boundaries.push({ turn: turn.ordinal + 1, depth: turn.depthIndex });
    previous = turn.depthIndex;
  }
  return boundaries;
}

export type PersonaBar = { personaId: string; averageScore: number; count: number };

/** The summary's persona breakdown, in order of first appearance. */
export function personaBars(summary: SessionSummary): PersonaBar[] {
  return Object.entries(summary.persona_breakdown).map(([personaId, { avg_score, count }]) => ({ personaId, averageScore: avg_score, count }));
}

export type TurnScore = { turn: number; personaId: string; score: number | null };

/** Every turn's overall score from the chosen judge (null where it gave none). */
export function turnScores(turns: readonly ChartTurn[]): TurnScore[] {
  return turns.map((turn) => ({ turn: turn.ordinal + 1, personaId: turn.personaId, score: turn.score?.overallScore ?? null }));
}

/** Persona ids in order of first appearance. */
export function personaOrder(turns: readonly Pick<TurnDetail, "personaId">[]): string[] {
  return [...new Set(turns.map((turn) => turn.personaId))];
}

