/**
 * The human level of a turn for judge-vs-human figures (SPEC §5): an adjudicated level when
 * there is one; else the median of its "overall" ratings — for an even count the lower of
 * the two middle levels (a level that some rater actually gave, never a half level).
 * Null when the turn has neither.
 */
export function humanLevel(levels: readonly number[], adjudicated: number | null = null): number | null {
  if (adjudicated !== null) return adjudicated;
  if (levels.length === 0) return null;
  const sorted = [...levels].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export const HUMAN_LEVEL_RULE =
  "Human level of a turn: the median of its overall ratings (the lower middle one for an even count); an adjudicated label replaces it.";
