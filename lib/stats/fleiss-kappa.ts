import type { Rating } from "./krippendorff-alpha.ts";
import { agreementTable, chanceCorrected, type ChanceCorrectedOptions, type ChanceCorrectedResult } from "./chance-corrected.ts";

/**
 * Fleiss' generalised κ for any number of raters with missing ratings (Fleiss 1971;
 * Gwet 2014, §5.2), exactly as irrCAC.raw.CAC(...).fleiss():
 *   κ = (p_a − p_e)/(1 − p_e),  p_e = Σ_k Σ_l w_kl π_k π_l,
 * p_a and π_k as in `agreementTable` (units with one rating count in π, not in p_a), and
 * the unit's chance agreement p_e|i = Σ_k r_ik π̄_k / r_i, π̄ = (Wπ + Wᵀπ)/2, for the
 * variance. `data[rater][unit]`, as krippendorffAlpha; null/undefined, NaN and "" are
 * missing. Weights "identity" (default) give the unweighted κ. Null when no unit has two
 * ratings or when p_e = 1 (a single category).
 */
export function fleissKappa(data: readonly (readonly Rating[])[], options: ChanceCorrectedOptions = {}): ChanceCorrectedResult {
  const table = agreementTable(data, options);
  const { q, weights, pi } = table;
  let pe = 0;
  for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) pe += weights[k][l] * pi[k] * pi[l];
  const piSymmetric = pi.map((_, k) => {
    let row = 0;
    let column = 0;
    for (let l = 0; l < q; l++) {
      row += weights[k][l] * pi[l];
      column += weights[l][k] * pi[l];
    }
    return (row + column) / 2;
  });
  const peUnit = table.counts.map((counts, i) => counts.reduce((s, r, k) => s + r * piSymmetric[k], 0) / table.ratingsPerUnit[i]);
  return chanceCorrected(table, pe, peUnit, options.confidence);
}
