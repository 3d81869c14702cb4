// The one rule that turns a turn's human ratings into the "human level" the judge is
// compared with (SPEC §5: several ratings are aggregated by median).

/**
 * The lower median of integer levels: with the levels sorted, the ⌈n/2⌉-th one — for an odd
 * count the median, for an even count the lower of the two middle levels ([2, 3] → 2,
 * [1, 2, 3, 4] → 2). Always a level some rater gave, never a half level; for the usual two
 * ratings that disagree it takes the stricter one, so a turn counts as "Good" only when at
 * least half of its raters said Good or better. Null for no ratings.
 */
export function lowerMedian(levels: readonly number[]): number | null {
  if (levels.length === 0) return null;
  const sorted = [...levels].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1];
}

/**
 * The human level of a turn on a criterion: an admin's adjudicated level when there is one
 * (it settles a dispute, so it replaces the raters' median), else the lower median of the
 * ratings. Null when there is neither.
 */
export function humanLevel(levels: readonly number[], adjudicated: number | null = null): number | null {
  return adjudicated ?? lowerMedian(levels);
}

/** The rule in words, for the pages that show figures resting on it. */
export const HUMAN_LEVEL_RULE =
  "Human level of a turn: the median of its overall ratings (the lower middle one for an even count); an adjudicated label replaces it.";
