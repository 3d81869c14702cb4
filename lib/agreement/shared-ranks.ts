import { averageRanks, correlationPValue, DEFAULT_CONFIDENCE, fisherZInterval, pearsonR, type CorrelationResult } from "@/lib/stats";
import { assertPairedFinite, isConstant } from "@/lib/stats/input-checks";
import { radixSort, type SortedOrder } from "@/lib/stats/radix-sort";
import type { AgreementPairs } from "./build-pairs";

// The report ranks the judge's scores for ρ in the headline, in every group of the four
// breakdowns and in the length-bias check. Sorting them once and deriving every ranking
// from that one order gives the very same average ranks (a tie group at sorted positions
// s…e−1 gets (s + 1 + e)/2 in any subset it falls in) for a fraction of the sorting.

type Shared = { order: SortedOrder; ranks?: Float64Array; human?: Float64Array; words?: Float64Array };
const sharedOf = new WeakMap<AgreementPairs, Shared>();

function shared(pairs: AgreementPairs): Shared {
  let entry = sharedOf.get(pairs);
  if (!entry) sharedOf.set(pairs, (entry = { order: radixSort(Float64Array.from(pairs.units.score)) }));
  return entry;
}

/** Average ranks (1…n) of every unit's score, as averageRanks(score). */
export function scoreRanks(pairs: AgreementPairs): Float64Array {
  const entry = shared(pairs);
  entry.ranks ??= groupScoreRanks(pairs, new Int32Array(pairs.n));
  return entry.ranks;
}

/** Average ranks of the human levels and of the word counts, each computed once per report. */
export function humanRanks(pairs: AgreementPairs): Float64Array {
  const entry = shared(pairs);
  entry.human ??= averageRanks(pairs.human);
  return entry.human;
}

export function wordRanks(pairs: AgreementPairs): Float64Array {
  const entry = shared(pairs);
  entry.words ??= averageRanks(pairs.units.wordCount);
  return entry.words;
}

/**
 * Each unit's average rank of its score among the units of its group (`group[u]`, 0…k−1):
 * averageRanks of the group's scores, for every group in one pass over the sorted scores.
 */
export function groupScoreRanks(pairs: AgreementPairs, group: Int32Array): Float64Array {
  const { order, hi, lo } = shared(pairs).order;
  let groups = 0;
  for (let u = 0; u < group.length; u++) if (group[u] >= groups) groups = group[u] + 1;
  const before = new Float64Array(groups);
  const inRun = new Float64Array(groups);
  const ranks = new Float64Array(pairs.n);
  const n = order.length;
  for (let start = 0, k = 1; k <= n; k++) {
    if (k < n && hi[k] === hi[start] && lo[k] === lo[start]) continue;
    for (let i = start; i < k; i++) inRun[group[order[i]]]++;
    for (let i = start; i < k; i++) {
      const g = group[order[i]];
      ranks[order[i]] = (before[g] + 1 + before[g] + inRun[g]) / 2;
    }
    for (let i = start; i < k; i++) {
      const g = group[order[i]];
      before[g] += inRun[g];
      inRun[g] = 0;
    }
    start = k;
  }
  return ranks;
}

/**
 * spearmanCorrelation(x, y), given the average ranks of x and y: the same checks, the same ρ
 * (Pearson's r of those ranks), p-value and interval.
 */
export function spearmanOfRanks(x: ArrayLike<number>, y: ArrayLike<number>, rankX: ArrayLike<number>, rankY: ArrayLike<number>): CorrelationResult {
  assertPairedFinite(x, y);
  const n = x.length;
  const rho = n < 2 || isConstant(x) || isConstant(y) ? null : pearsonR(rankX, rankY);
  if (rho === null) return { n, value: null, pValue: null, ci: null };
  const pValue = n > 2 ? correlationPValue(rho, n) : null;
  const ci = n > 3 ? fisherZInterval(rho, Math.sqrt((1 + (rho * rho) / 2) / (n - 3)), DEFAULT_CONFIDENCE) : null;
  return { n, value: rho, pValue, ci };
}
