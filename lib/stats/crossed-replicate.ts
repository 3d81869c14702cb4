// One replicate of the crossed bootstrap (crossed-bootstrap.ts): the input laid out once,
// then the figures for given session and rater multiplicities, without writing the
// resampled data out.
import { kappaFromConfusion } from "./cohen-kappa.ts";
import type { CrossedInput } from "./crossed-bootstrap.ts";
import { alphaFromCoincidences } from "./krippendorff-alpha.ts";

export type ReplicateFigures = { kappa: number | null; alpha: number | null; gap: number | null };

/**
 * The input laid out for the replicate loop: units in session order (clusterStart[s] …
 * clusterStart[s + 1] in the unit arrays), each unit's ratings sorted by level.
 */
export type PreparedCrossed = {
  nClusters: number;
  clusterStart: Int32Array;
  /** Rating offsets per unit, in session order. */
  offsets: Int32Array;
  rater: Int32Array;
  /** Position of the rating's level in `labels`, −1 outside. */
  labelPosition: Int32Array;
  /** Position of the rating's level among all distinct levels rated (α's value index). */
  valuePosition: Int32Array;
  /** The distinct levels rated, ascending: the values of α's coincidences. */
  values: number[];
  /** Position of the judge's level in `labels`, −1 outside. */
  judgePosition: Int32Array;
  /** Position of the adjudicated level in `labels`; NOT_ADJUDICATED for none, −1 outside. */
  adjudicatedPosition: Int32Array;
  nLabels: number;
  /** Scratch matrices, reused by every replicate; coincidence holds each unordered pair once. */
  confusion: Float64Array;
  coincidence: Float64Array;
};

const NOT_ADJUDICATED = -2;

/** Checks the input and lays it out for replicateFigures. Exported for tests. */
export function prepareCrossed(input: CrossedInput): PreparedCrossed {
  const { nUnits, cluster, nClusters, offsets, raterOf, levelOf, nRaters, labels } = input;
  if (cluster.length !== nUnits || input.judgeLevel.length !== nUnits || input.adjudicated.length !== nUnits || offsets.length !== nUnits + 1) {
    throw new RangeError("cluster, judgeLevel and adjudicated need one entry per unit, offsets nUnits + 1");
  }
  const nRatings = offsets[nUnits];
  if (offsets[0] !== 0 || raterOf.length < nRatings || levelOf.length < nRatings) throw new RangeError("offsets do not match raterOf/levelOf");
  if (new Set(labels).size !== labels.length) throw new RangeError("labels must be distinct");
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const values = [...new Set(levelOf.subarray(0, nRatings))].sort((a, b) => a - b);
  const valueIndex = new Map(values.map((v, i) => [v, i]));

  const clusterStart = new Int32Array(nClusters + 1);
  for (let u = 0; u < nUnits; u++) {
    if (!(cluster[u] >= 0 && cluster[u] < nClusters)) throw new RangeError(`unit ${u}: cluster ${cluster[u]} outside 0 … ${nClusters - 1}`);
    clusterStart[cluster[u] + 1]++;
  }
  for (let s = 0; s < nClusters; s++) clusterStart[s + 1] += clusterStart[s];
  const order = new Int32Array(nUnits);
  const fill = clusterStart.slice(0, nClusters);
  for (let u = 0; u < nUnits; u++) order[fill[cluster[u]]++] = u;

  const out = {
    offsets: new Int32Array(nUnits + 1),
    rater: new Int32Array(nRatings),
    labelPosition: new Int32Array(nRatings),
    valuePosition: new Int32Array(nRatings),
    judgePosition: new Int32Array(nUnits),
    adjudicatedPosition: new Int32Array(nUnits),
  };
  let at = 0;
  for (let p = 0; p < nUnits; p++) {
    const u = order[p];
    const start = offsets[u];
    const end = offsets[u + 1];
    if (end < start) throw new RangeError(`offsets decrease at unit ${u}`);
    const byLevel = Array.from({ length: end - start }, (_, i) => start + i).sort((i, j) => levelOf[i] - levelOf[j] || i - j);
    out.offsets[p] = at;
    for (const i of byLevel) {
      if (!(raterOf[i] >= 0 && raterOf[i] < nRaters)) throw new RangeError(`rating ${i}: rater ${raterOf[i]} outside 0 … ${nRaters - 1}`);
      out.rater[at] = raterOf[i];
      out.labelPosition[at] = labelIndex.get(levelOf[i]) ?? -1;
      out.valuePosition[at] = valueIndex.get(levelOf[i])!;
      at++;
    }
    out.judgePosition[p] = labelIndex.get(input.judgeLevel[u]) ?? -1;
    out.adjudicatedPosition[p] = input.adjudicated[u] === 0 ? NOT_ADJUDICATED : (labelIndex.get(input.adjudicated[u]) ?? -1);
  }
  out.offsets[nUnits] = at;
  const k = labels.length;
  return { nClusters, clusterStart, ...out, values, nLabels: k, confusion: new Float64Array(k * k), coincidence: new Float64Array(values.length ** 2) };
}

/**
 * The figures of one replicate, given how often each session (w_s) and each rater (m_r) was
 * drawn; all ones give the point estimates. Exported so tests can check it against the
 * resampled data written out in full.
 *
 * κ: each unit of session s counts w_s times; its human level is the adjudicated level when
 * it has one (an admin's settled label: the rater draw leaves it alone), else the lower median
 * of its ratings with rating i counted m_{rater(i)} times; a unit without adjudication and
 * without a drawn rater drops out. Quadratic κ over `labels` by kappaFromConfusion.
 *
 * α (ordinal): a rater drawn m times is m raters who give its values — but two copies of one
 * rating agree by construction, not by judgement, so their pairs are left out of the
 * coincidences (counted, they would be about a third of all pairs with 3 ratings a unit and
 * 20 raters, and push α up). With M_u = Σ_i m_i over the unit's ratings, each ordered pair of
 * distinct ratings i ≠ j adds
 *   w_s · m_i · m_j / (M_u − 1)   to o[c_i][c_j],
 * which is Krippendorff's weight for the pairs of the written-out data minus the copy pairs;
 * units without two distinct drawn ratings add nothing. Then α = 1 − (n − 1) D_o / D_e by
 * alphaFromCoincidences, as in krippendorffAlpha. With all weights 1 both figures equal kappaFromConfusion and
 * krippendorffAlpha on the original data. The gap is κ − α, defined when both are.
 */
export function replicateFigures(prepared: PreparedCrossed, sessionWeight: ArrayLike<number>, raterWeight: ArrayLike<number>): ReplicateFigures {
  const { clusterStart, offsets, rater, labelPosition, valuePosition, judgePosition, adjudicatedPosition, confusion, coincidence } = prepared;
  const k = prepared.nLabels;
  const nValues = prepared.values.length;
  confusion.fill(0);
  coincidence.fill(0);
  for (let s = 0; s < prepared.nClusters; s++) {
    const w = sessionWeight[s];
    if (w === 0) continue;
    for (let u = clusterStart[s]; u < clusterStart[s + 1]; u++) {
      const start = offsets[u];
      const end = offsets[u + 1];
      let total = 0;
      for (let i = start; i < end; i++) total += raterWeight[rater[i]];
      const judge = judgePosition[u];
      if (judge >= 0) {
        let human = adjudicatedPosition[u];
        if (human === NOT_ADJUDICATED) {
          human = -1;
          const middle = (total + 1) >> 1; // the ⌈M/2⌉-th smallest: the lower median
          let seen = 0;
          for (let i = start; i < end && total > 0; i++) {
            seen += raterWeight[rater[i]];
            if (seen >= middle) {
              human = labelPosition[i];
              break;
            }
          }
        }
        if (human >= 0) confusion[human * k + judge] += w;
      }
      if (total < 2) continue;
      const scale = w / (total - 1);
      for (let i = start; i < end - 1; i++) {
        const mi = raterWeight[rater[i]];
        if (mi === 0) continue;
        const row = valuePosition[i] * nValues;
        for (let j = i + 1; j < end; j++) {
          const mj = raterWeight[rater[j]];
          if (mj !== 0) coincidence[row + valuePosition[j]] += mi * mj * scale;
        }
      }
    }
  }
  const matrix = Array.from({ length: k }, (_, i) => Array.from(confusion.subarray(i * k, (i + 1) * k)));
  const kappa = kappaFromConfusion(matrix, "quadratic").value;
  // Each unordered pair was added once: o = half + halfᵀ.
  const o = (a: number, b: number) => coincidence[a * nValues + b] + coincidence[b * nValues + a];
  const alpha = alphaFromCoincidences(o, "ordinal", prepared.values).value;
  return { kappa, alpha, gap: kappa === null || alpha === null ? null : kappa - alpha };
}
