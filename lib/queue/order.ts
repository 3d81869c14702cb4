import type { QualityCutoffs } from "@/lib/judge";
import { distanceToNearestCutoff } from "@/lib/thresholds/levels";

/**
 * Which open item a rater gets next (SPEC §4: "first the turns where a human label is worth
 * most"). The database proposes, per persona, the open turns nearest each cut-off; this
 * decides among them:
 *  1. fewer ratings first (an unrated turn before one that has a rating already);
 *  2. then balance across personas: the persona this rater has rated least recently first,
 *     so each rater's stream, and so the ratings, cycle through the personas;
 *  3. then the judge score closest to a quality cut-off, where the judge's level is least
 *     certain and a human label tells most;
 *  4. then the lower turn id, so the order is deterministic.
 */
export type QueueCandidate = { turnId: number; personaId: string; ratingCount: number; judgeScore: number };

export type OrderContext = {
  cutoffs: QualityCutoffs;
  /** Personas of this rater's latest ratings, most recent first. */
  recentPersonas: readonly string[];
};

export function orderCandidates(candidates: readonly QueueCandidate[], { cutoffs, recentPersonas }: OrderContext): QueueCandidate[] {
  const distance = new Map(candidates.map((c) => [c.turnId, distanceToNearestCutoff(c.judgeScore, cutoffs)]));
  const personaRank = rankPersonas(candidates, recentPersonas, distance);
  const unique = [...new Map(candidates.map((c) => [c.turnId, c])).values()];
  return unique.sort(
    (a, b) =>
      a.ratingCount - b.ratingCount ||
      personaRank.get(a.personaId)! - personaRank.get(b.personaId)! ||
      distance.get(a.turnId)! - distance.get(b.turnId)! ||
      a.turnId - b.turnId,
  );
}

/** 0 for the persona to serve first: least recently rated, then the nearest best candidate. */
function rankPersonas(candidates: readonly QueueCandidate[], recentPersonas: readonly string[], distance: Map<number, number>): Map<string, number> {
  const best = new Map<string, number>();
  for (const c of candidates) best.set(c.personaId, Math.min(best.get(c.personaId) ?? Infinity, distance.get(c.turnId)!));
  const lastSeen = (persona: string) => {
    const index = recentPersonas.indexOf(persona);
    return index === -1 ? Infinity : index; // larger = longer ago
  };
  const personas = [...best.keys()].sort((a, b) => lastSeen(b) - lastSeen(a) || best.get(a)! - best.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(personas.map((persona, index) => [persona, index]));
}
