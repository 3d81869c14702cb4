// A cascade of two judges (seed 001, "valutazione gerarchica"): a cheap screener scores every
// turn; turns whose screener score lies in a band around a cut-off — the borderline ones — go
// to a strong judge and take its score; the rest keep the screener's.

/**
 * The band [cutoff − below, cutoff + above], closed at both ends, on the screener's score
 * scale. A score exactly at the cut-off is always in it.
 */
export type CascadeBand = { cutoff: number; below: number; above: number };

/**
 * Whether the screener's score escalates to the strong judge. Tested as a distance (c − s ≤
 * below under the cut-off, s − c ≤ above from it up), the same arithmetic as the proposal's
 * sweep and the SQL that stores a cascade, so the three always agree on an edge.
 */
export function isEscalated(score: number, band: CascadeBand): boolean {
  return score < band.cutoff ? band.cutoff - score <= band.below : score - band.cutoff <= band.above;
}

/** Distance of a score from the cut-off, as isEscalated measures it. */
export function distanceToCutoff(score: number, cutoff: number): number {
  return score < cutoff ? cutoff - score : score - cutoff;
}

export type CascadeAnswer = { score: number; isEscalated: boolean } | null;

/**
 * The cascade's answer on one turn: the strong judge's score when the screener's is in the
 * band, else the screener's. Null when the turn escalates and the strong judge has not
 * scored it (the cascade waits for it rather than keep the screener's score unannounced).
 */
export function applyCascade(screener: number, strong: number | null, band: CascadeBand): CascadeAnswer {
  if (!isEscalated(screener, band)) return { score: screener, isEscalated: false };
  return strong === null ? null : { score: strong, isEscalated: true };
}
