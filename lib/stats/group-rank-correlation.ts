import { groupLayout, type GroupLevelResult } from "./group-correlation.ts";
import { isConstant } from "./input-checks.ts";
import { kendallCountsFromRankings } from "./kendall-counts.ts";
import { kendallTau, tauBFromCounts } from "./kendall-tau.ts";
import { pearsonR } from "./pearson.ts";
import { asDoubles, fewDistinctRanking, orderByRank, sortedDenseRanking, type DenseRanking } from "./ranks.ts";
import { spearmanRho } from "./spearman.ts";

/**
 * Group-level Pearson r, Spearman ρ and Kendall τ-b (each the mean of the within-group
 * coefficients over the groups where it is defined): exactly
 * groupLevelCorrelations(x, y, groups, [pearsonR, spearmanRho, kendallTau]), computed with
 * one ranking of y for all groups instead of two sorts per group. y is ranked once over all
 * rows (few distinct values: no sort at all), the rows are ordered by (group, y rank) with
 * two counting sorts, and each group then reads its ranks in order: its average ranks for
 * ρ and its dense ranks for τ-b's pair counts, the same numbers the per-group sorts give.
 */
export function groupLevelScoreCorrelations(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  groups: ArrayLike<string | number>,
): [pearson: GroupLevelResult, spearman: GroupLevelResult, kendall: GroupLevelResult] {
  const { xs, ys, starts, nGroups } = groupLayout(x, y, groups);
  const n = xs.length;
  if (!isAllFinite(xs) || !isAllFinite(ys)) return slowPath(xs, ys, starts, nGroups);
  const yRanking = fewDistinctRanking(ys) ?? sortedDenseRanking(ys);
  const byGroupThenY = new Uint32Array(n);
  const next = starts.slice(0, nGroups);
  const groupOf = new Int32Array(n);
  for (let g = 0; g < nGroups; g++) groupOf.fill(g, starts[g], starts[g + 1]);
  const byY = orderByRank(yRanking);
  for (let k = 0; k < n; k++) byGroupThenY[next[groupOf[byY[k]]]++] = byY[k];
  const sums = [new Sum(nGroups), new Sum(nGroups), new Sum(nGroups)];
  const maxSize = starts.reduce((m, s, g) => (g > 0 ? Math.max(m, s - starts[g - 1]) : m), 0);
  const yAverage = new Float64Array(maxSize);
  const yDense = new Int32Array(maxSize);
  const yTies: number[] = [];
  for (let g = 0; g < nGroups; g++) {
    const [start, end] = [starts[g], starts[g + 1]];
    const xg = xs.subarray(start, end);
    const yg = ys.subarray(start, end);
    sums[0].add(pearsonR(xg, yg));
    if (end - start < 2 || isConstant(xg) || isConstant(yg)) continue;
    // The group's y ranks, walking its rows in ascending order of y.
    yTies.length = 0;
    for (let from = start, k = start + 1; k <= end; k++) {
      if (k < end && yRanking.dense[byGroupThenY[k]] === yRanking.dense[byGroupThenY[from]]) continue;
      const average = (from - start + 1 + k - start) / 2;
      for (let q = from; q < k; q++) {
        yAverage[byGroupThenY[q] - start] = average;
        yDense[byGroupThenY[q] - start] = yTies.length;
      }
      yTies.push(k - from);
      from = k;
    }
    const xRanking = fewDistinctRanking(xg) ?? sortedDenseRanking(asDoubles(xg));
    sums[1].add(pearsonR(averageRanksOf(xRanking), yAverage.subarray(0, end - start)));
    const yGroupRanking: DenseRanking = { dense: yDense.subarray(0, end - start), tieCounts: Int32Array.from(yTies) };
    sums[2].add(tauBFromCounts(kendallCountsFromRankings(xRanking, yGroupRanking, true)));
  }
  return [sums[0].result(), sums[1].result(), sums[2].result()];
}

/** Average ranks from dense ranks: the tie group at sorted positions s…e−1 gets (s + 1 + e)/2, as averageRanks. */
function averageRanksOf({ dense, tieCounts }: DenseRanking): Float64Array {
  const rankOf = new Float64Array(tieCounts.length);
  for (let r = 0, start = 0; r < tieCounts.length; r++) {
    const end = start + tieCounts[r];
    rankOf[r] = (start + 1 + end) / 2;
    start = end;
  }
  const ranks = new Float64Array(dense.length);
  for (let i = 0; i < dense.length; i++) ranks[i] = rankOf[dense[i]];
  return ranks;
}

function isAllFinite(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

/** Non-finite values: each coefficient group by group, as groupLevelCorrelations (τ-b throws). */
function slowPath(xs: Float64Array, ys: Float64Array, starts: Int32Array, nGroups: number): [GroupLevelResult, GroupLevelResult, GroupLevelResult] {
  const results = [pearsonR, spearmanRho, kendallTau].map((coefficient) => {
    const sum = new Sum(nGroups);
    for (let g = 0; g < nGroups; g++) sum.add(coefficient(xs.subarray(starts[g], starts[g + 1]), ys.subarray(starts[g], starts[g + 1])));
    return sum.result();
  });
  return [results[0], results[1], results[2]];
}

/** The mean of the defined values, added in group order. */
class Sum {
  private sum = 0;
  private used = 0;

  constructor(private readonly nGroups: number) {}

  add(value: number | null): void {
    if (value === null) return;
    this.sum += value;
    this.used++;
  }

  result(): GroupLevelResult {
    return { value: this.used > 0 ? this.sum / this.used : null, nGroups: this.nGroups, nGroupsUsed: this.used };
  }
}
