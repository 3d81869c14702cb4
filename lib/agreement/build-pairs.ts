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
  const scratch: number[] = [];
  for (let u = 0; u < n; u++) {
    scratch.length = 0;
    let low = Infinity;
    let high = -Infinity;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      scratch.push(levelOf[i]);
      low = Math.min(low, levelOf[i]);
      high = Math.max(high, levelOf[i]);
    }
    // One or two ratings (nearly every unit): the lower median is the one, or the lower.
    median[u] = scratch.length === 1 ? scratch[0] : scratch.length === 2 ? Math.min(scratch[0], scratch[1]) : (lowerMedian(scratch) ?? 0);
    // humanLevel(scratch, adjudicated), without sorting the ratings a second time.
    human[u] = units.adjudicated[u] ?? median[u];
    judgeLevel[u] = levelOfScore(units.score[u], cutoffs);
    nRatings[u] = scratch.length;
    spread[u] = scratch.length > 0 ? high - low : 0;
    highest = Math.max(highest, human[u]);
  }
  const labels = Array.from({ length: highest }, (_, i) => i + 1);
  return { n, units, human, median, judgeLevel, nRatings, spread, offsets, raterOf, levelOf, raters: [...raterIndex.keys()], labels };
}

/** The human levels given to unit `u`, lowest first. */
export function ratingLevels(pairs: AgreementPairs, u: number): number[] {
  return Array.from(pairs.levelOf.subarray(pairs.offsets[u], pairs.offsets[u + 1])).sort((a, b) => a - b);
}
