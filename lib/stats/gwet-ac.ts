import type { Rating } from "./krippendorff-alpha.ts";
import { agreementTable, chanceCorrected, type ChanceCorrectedOptions, type ChanceCorrectedResult } from "./chance-corrected.ts";

/**
 * Gwet's AC1 (unweighted) and AC2 (weighted) for any number of raters with missing
 * ratings (Gwet 2008; Gwet 2014, §5.4), exactly as irrCAC.raw.CAC(...).gwet():
 *   AC = (p_a − p_e)/(1 − p_e),  p_e = T_w / (q(q − 1)) · Σ_k π_k (1 − π_k),  T_w = Σ_kl w_kl,
 * p_a and π_k as in `agreementTable` (units with one rating count in π, not in p_a), and
 * the unit's chance agreement p_e|i = T_w / (q(q − 1)) · Σ_k r_ik (1 − π_k) / r_i for the
 * variance. `data[rater][unit]`, as krippendorffAlpha; null/undefined, NaN and "" are
 * missing. With a single category irrCAC takes p_e = 1 − 10⁻¹⁵, which makes AC1 = 1 (its
 * standard error is null); the weighted schemes are then undefined (null). Null when no
 * unit has two ratings.
 */
export function gwetAc(data: readonly (readonly Rating[])[], options: ChanceCorrectedOptions = {}): ChanceCorrectedResult {
  const table = agreementTable(data, options);
  const { q, weights, pi } = table;
  const totalWeight = weights.reduce((s, row) => s + row.reduce((t, w) => t + w, 0), 0);
  const scale = totalWeight / (q * (q - 1));
  const pe = q >= 2 ? scale * pi.reduce((s, p) => s + p * (1 - p), 0) : 1 - 1e-15;
  const peUnit = table.counts.map((counts, i) => (scale * counts.reduce((s, r, k) => s + r * (1 - pi[k]), 0)) / table.ratingsPerUnit[i]);
  return chanceCorrected(table, pe, peUnit, options.confidence);
}
