import { levelOfScore } from "@/lib/thresholds/levels";
import type { AgreementData, AgreementUnits, Cutoffs } from "./agreement-data";
import { lowerMedian } from "./human-level";

/**
 * The report's working set: per unit the human level, the judge's level under the scope's
 * cut-offs and the ratings grouped by unit (offsets[u] … offsets[u+1] in raterOf/levelOf).
 */
export type AgreementPairs = {
  n: number;
  units: AgreementUnits;
  /** The adjudicated level, else the lower median of the ratings. */
  human: Int32Array;
  /** The lower median of the ratings, adjudication aside. */
  median: Int32Array;
  judgeLevel: Int32Array;
  nRatings: Int32Array;
  /** Highest minus lowest rating: how far the raters of the unit are apart. */
  spread: Int32Array;
  offsets: Int32Array;
  raterOf: Int32Array;
  levelOf: Int32Array;
  /** Rater keys; raterOf indexes them. */
  raters: string[];
  /** The ordered levels κ is computed over: 1 … max(4, highest human level). */
  labels: number[];
};

export function buildPairs(data: AgreementData, cutoffs: Cutoffs): AgreementPairs {
  const { units, ratings } = data;
  const n = units.turnId.length;
  const offsets = new Int32Array(n + 1);
  for (const u of ratings.unit) offsets[u + 1]++;
  for (let u = 0; u < n; u++) offsets[u + 1] += offsets[u];
  const fill = offsets.slice(0, n);
  const raterIndex = new Map<string, number>();
  const raterOf = new Int32Array(ratings.unit.length);
  const levelOf = new Int32Array(ratings.unit.length);
  for (let i = 0; i < ratings.unit.length; i++) {
    let rater = raterIndex.get(ratings.rater[i]);
    if (rater === undefined) raterIndex.set(ratings.rater[i], (rater = raterIndex.size));
    const at = fill[ratings.unit[i]]++;
    raterOf[at] = rater;
    levelOf[at] = ratings.level[i];
  }

  const human = new Int32Array(n);
  const median = new Int32Array(n);
  const judgeLevel = new Int32Array(n);
  const nRatings = new Int32Array(n);
  const spread = new Int32Array(n);
  let highest = 4;
  for (let u = 0; u < n; u++) {
    const start = offsets[u];
    const count = offsets[u + 1] - start;
    let low = count > 0 ? levelOf[start] : 0;
    let high = low;
    for (let i = start + 1; i < start + count; i++) {
      low = Math.min(low, levelOf[i]);
      high = Math.max(high, levelOf[i]);
    }
    // One or two ratings (nearly every unit): the lower median is the one, or the lower,
    // with no list to sort.
    median[u] = count <= 2 ? low : (lowerMedian(Array.from(levelOf.subarray(start, start + count))) ?? 0);
    // humanLevel(levels, adjudicated), without sorting the ratings a second time.
    human[u] = units.adjudicated[u] ?? median[u];
    judgeLevel[u] = levelOfScore(units.score[u], cutoffs);
    nRatings[u] = count;
    spread[u] = high - low;
    highest = Math.max(highest, human[u]);
  }
  const labels = Array.from({ length: highest }, (_, i) => i + 1);
  return { n, units, human, median, judgeLevel, nRatings, spread, offsets, raterOf, levelOf, raters: [...raterIndex.keys()], labels };
}

/** The human levels given to unit `u`, lowest first. */
export function ratingLevels(pairs: AgreementPairs, u: number): number[] {
  return Array.from(pairs.levelOf.subarray(pairs.offsets[u], pairs.offsets[u + 1])).sort((a, b) => a - b);
}
