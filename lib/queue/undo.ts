/** How long after submitting a rater may take a rating back (U). */
export const UNDO_WINDOW_MS = 30_000;

/** Whole seconds left to undo a rating made at `ratedAt`, 0 when too late. */
export function undoSecondsLeft(ratedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((ratedAt.getTime() + UNDO_WINDOW_MS - now.getTime()) / 1000));
}
