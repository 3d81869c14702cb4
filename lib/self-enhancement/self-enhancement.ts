import { drawMultiplicities } from "@/lib/stats/crossed-bootstrap";
import { DEFAULT_CONFIDENCE, type Interval } from "@/lib/stats/correlation-inference";
import { percentileOfSorted } from "@/lib/stats/percentile";
import { uniformSource } from "@/lib/stats/seeded-random";

// Self-enhancement bias (Zheng et al. 2023, "Judging LLM-as-a-judge", §4.2; Panickssery et
// al. 2024): a judge rates answers of its own model family higher. A raw gap between the
// judge's levels on its family's answers and on the others' says little — the family may
// simply write better answers. People rated the same turns, so their gap is the baseline:
// the bias is the difference in differences,
//   (judge own − judge other) − (human own − human other) = mean(j − h | own) − mean(j − h | other),
// in levels. Positive: the judge favours its own family more than people do.

export type SelfEnhancementInput = {
  /** The judge's level per unit. */
  judge: ArrayLike<number>;
  /** The human level per unit. */
  human: ArrayLike<number>;
  /** true when the unit's answer was written by a model of the judge's family. */
  isOwn: ArrayLike<boolean>;
  /** The unit's session: what the bootstrap resamples. */
  cluster: ArrayLike<number>;
};

export type GroupMeans = { n: number; judge: number | null; human: number | null };

export type SelfEnhancement = {
  own: GroupMeans;
  other: GroupMeans;
  /** judge own − judge other; null when a group is empty. */
  judgeGap: number | null;
  /** human own − human other. */
  humanGap: number | null;
  /** judgeGap − humanGap, with a percentile interval over sessions drawn with replacement. */
  difference: { value: number | null; ci: Interval | null; replicates: number; nDefined: number; nSessions: number };
  /** favours: the whole interval above 0; disfavours: below; inconclusive: it holds 0; null: no interval. */
  verdict: "favours" | "disfavours" | "inconclusive" | null;
};

export const SELF_ENHANCEMENT_SEED = 20_261_127;

/**
 * The self-enhancement figures of a judge on rated units. The interval: B replicates, each
 * drawing the sessions with replacement (drawMultiplicities over uniformSource(seed)), the
 * difference computed on the drawn units (a session drawn twice counts twice); a replicate
 * with no own or no other unit is left out (nDefined counts the rest); the numpy-linear
 * percentiles 2.5 and 97.5 of the defined replicates (for confidence 0.95).
 */
export function selfEnhancement(input: SelfEnhancementInput, options: { replicates?: number; seed?: number; confidence?: number } = {}): SelfEnhancement {
  const n = input.judge.length;
  if (input.human.length !== n || input.isOwn.length !== n || input.cluster.length !== n) throw new RangeError("judge, human, isOwn and cluster need one entry per unit");
  const replicates = options.replicates ?? 2000;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const clusterIds = new Map<number, number>();
  for (let u = 0; u < n; u++) if (!clusterIds.has(input.cluster[u])) clusterIds.set(input.cluster[u], clusterIds.size);
  const nClusters = clusterIds.size;
  // Per session: [own count, own Σ(j − h), other count, other Σ(j − h)].
  const sums = new Float64Array(nClusters * 4);
  const means = { own: { n: 0, judge: 0, human: 0 }, other: { n: 0, judge: 0, human: 0 } };
  for (let u = 0; u < n; u++) {
    const s = clusterIds.get(input.cluster[u])!;
    const offset = input.isOwn[u] ? 0 : 2;
    sums[s * 4 + offset] += 1;
    sums[s * 4 + offset + 1] += input.judge[u] - input.human[u];
    const group = input.isOwn[u] ? means.own : means.other;
    group.n++;
    group.judge += input.judge[u];
    group.human += input.human[u];
  }
  const groupMeans = (g: { n: number; judge: number; human: number }): GroupMeans => ({ n: g.n, judge: g.n > 0 ? g.judge / g.n : null, human: g.n > 0 ? g.human / g.n : null });
  const own = groupMeans(means.own);
  const other = groupMeans(means.other);
  const gap = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const judgeGap = gap(own.judge, other.judge);
  const humanGap = gap(own.human, other.human);
  const value = differenceOf(sums, null);

  const draws: number[] = [];
  if (value !== null) {
    const weights = new Int32Array(nClusters);
    const uniform = uniformSource(options.seed ?? SELF_ENHANCEMENT_SEED);
    for (let b = 0; b < replicates; b++) {
      drawMultiplicities(weights, uniform);
      const replicate = differenceOf(sums, weights);
      if (replicate !== null) draws.push(replicate);
    }
  }
  let ci: Interval | null = null;
  if (draws.length > 0) {
    const sorted = Float64Array.from(draws).sort();
    const half = 50 * confidence;
    ci = [percentileOfSorted(sorted, 50 - half), percentileOfSorted(sorted, 50 + half)];
  }
  return {
    own,
    other,
    judgeGap,
    humanGap,
    difference: { value, ci, replicates, nDefined: draws.length, nSessions: nClusters },
    verdict: ci === null ? null : ci[0] > 0 ? "favours" : ci[1] < 0 ? "disfavours" : "inconclusive",
  };
}

/** mean(j − h | own) − mean(j − h | other) with sessions weighted (null weights: each once); null when a group is empty. */
function differenceOf(sums: Float64Array, weights: Int32Array | null): number | null {
  let ownN = 0;
  let ownD = 0;
  let otherN = 0;
  let otherD = 0;
  for (let s = 0; s < sums.length / 4; s++) {
    const w = weights ? weights[s] : 1;
    if (w === 0) continue;
    ownN += w * sums[s * 4];
    ownD += w * sums[s * 4 + 1];
    otherN += w * sums[s * 4 + 2];
    otherD += w * sums[s * 4 + 3];
  }
  return ownN > 0 && otherN > 0 ? ownD / ownN - otherD / otherN : null;
}
