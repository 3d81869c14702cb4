// Mapping scores onto the levels of an integer scale LO..HI, for κ.

/** Rounds half up (towards +∞): 2.5 → 3, −2.5 → −2. Exact: no x + 0.5 rounding error. */
export function roundHalfUp(x: number): number {
  const floor = Math.floor(x);
  return x - floor >= 0.5 ? floor + 1 : floor;
}

/** The level of a rating on the scale lo..hi: rounded half up, then clipped to the scale. */
export function scaleLevel(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, roundHalfUp(x)));
}

/**
 * The level of a judge score given ascending cut-offs: lo + #{cut-offs ≤ score}
 * (SPEC §6: with cut-offs 0.50, 0.65, 0.80 on 1..4, Poor = 1 below 0.50 … Excellent = 4
 * at 0.80 and above).
 */
export function levelFromCutoffs(score: number, cutoffs: readonly number[], lo: number): number {
  let level = lo;
  for (const cut of cutoffs) if (cut <= score) level++;
  return level;
}
