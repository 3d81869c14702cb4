/**
 * Whether the next item a rater gets should be a gold item: gold items are spread evenly,
 * one each time the rater's count of ratings crosses a multiple of 1 / rate (rate 0.1: the
 * 10th, 20th, … item), rather than at random, so a short session still meets its share.
 */
export function isGoldDue(ratedCount: number, goldRate: number): boolean {
  if (!(goldRate > 0)) return false;
  const epsilon = 1e-9; // 0.1 × 30 is 3.0000000000000004 in binary floating point
  return Math.floor((ratedCount + 1) * goldRate + epsilon) > Math.floor(ratedCount * goldRate + epsilon);
}
