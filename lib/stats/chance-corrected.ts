// What Fleiss' κ and Gwet's AC1/AC2 share in irrCAC.raw.CAC (Gwet 2014, "Handbook of
// Inter-Rater Reliability", 4th ed., ch. 5–6): the percent agreement over units with two
// or more ratings, the classification probabilities, and the linearised variance.
import type { Rating } from "./krippendorff-alpha.ts";
import type { Interval } from "./correlation-inference.ts";
import { studentTCritical, studentTTwoSidedP } from "./f-distribution.ts";
import { agreementWeights, type AgreementWeights } from "./agreement-weights.ts";
import { classificationCounts, compareCategories, ratingCategories, type Category } from "./rating-table.ts";

export type ChanceCorrectedOptions = {
  /** default "identity" (unweighted: κ, AC1) */
  weights?: AgreementWeights;
  /** every possible rating, when some were never used (they change q and the weights) */
  categories?: readonly Category[];
  /** of the interval; default 0.95 */
  confidence?: number;
};

export type ChanceCorrectedResult = {
  value: number | null;
  /** percent agreement p_a and chance agreement p_e */
  pa: number | null;
  pe: number | null;
  /** standard error, its Student t interval (n − 1 df; the upper end capped at 1, as irrCAC), two-sided p */
  se: number | null;
  ci: Interval | null;
  pValue: number | null;
  /** units with at least one rating (n), and with two or more (the units p_a averages over) */
  nUnits: number;
  nUnitsPaired: number;
  categories: Category[];
  weights: number[][];
};

/** The counts and the figures both coefficients need; see `agreementTable`. */
export type AgreementTable = {
  counts: number[][];
  ratingsPerUnit: number[];
  n: number;
  nPaired: number;
  q: number;
  categories: Category[];
  weights: number[][];
  /** p_a = (1/n₂) Σ_{i: r_i ≥ 2} Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1)), r*_ik = Σ_l w_kl r_il */
  pa: number;
  /** per unit Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1)); 0 for a unit with one rating */
  paUnit: number[];
  /** π_k = (1/n) Σ_i r_ik / r_i over every unit with a rating, single ratings included */
  pi: number[];
};

/**
 * The classification counts of `data[rater][unit]` and p_a, π as irrCAC computes them:
 * units nobody rated are dropped; a unit with a single rating counts in n and in π but
 * not in p_a (there is no pair to agree); p_a is NaN when no unit has two ratings.
 */
export function agreementTable(data: readonly (readonly Rating[])[], options: ChanceCorrectedOptions): AgreementTable {
  const categories = options.categories ? [...options.categories].sort(compareCategories) : ratingCategories(data);
  const weights = agreementWeights(categories, options.weights ?? "identity");
  const { counts, ratingsPerUnit } = classificationCounts(data, categories);
  const n = counts.length;
  const q = categories.length;
  const paUnit: number[] = [];
  let sumPa = 0;
  let nPaired = 0;
  const pi = new Array<number>(q).fill(0);
  counts.forEach((row, i) => {
    const r = ratingsPerUnit[i];
    let sum = 0;
    for (let k = 0; k < q; k++) {
      let weighted = 0;
      for (let l = 0; l < q; l++) weighted += weights[k][l] * row[l];
      sum += row[k] * (weighted - 1);
      pi[k] += row[k] / r / n;
    }
    const agreement = r >= 2 ? sum / (r * (r - 1)) : 0;
    paUnit.push(agreement);
    if (r >= 2) {
      sumPa += agreement;
      nPaired++;
    }
  });
  return { counts, ratingsPerUnit, n, nPaired, q, categories, weights, pa: sumPa / nPaired, paUnit, pi };
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * (p_a − p_e)/(1 − p_e) with irrCAC's linearised variance (Gwet 2014, §5.3):
 *   c_i = (n/n₂)(p_a|i − p_e·[r_i ≥ 2])/(1 − p_e),  c*_i = c_i − 2(1 − c)(p_e|i − p_e)/(1 − p_e),
 *   v = Σ_i (c*_i − c)² / (n(n − 1)),
 * p_e|i the unit's chance agreement; interval c ± t_{n−1}·√v with the upper end capped at 1,
 * p = P(|T_{n−1}| ≥ c/√v). Where √v = 0 irrCAC divides by 10⁻¹⁵: p is then 0 (1 when c = 0).
 */
export function chanceCorrected(table: AgreementTable, pe: number, peUnit: number[], confidence = 0.95): ChanceCorrectedResult {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const { n, nPaired, pa } = table;
  const value = (pa - pe) / (1 - pe);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const paired = table.ratingsPerUnit[i] >= 2;
    const unit = ((n / nPaired) * (table.paUnit[i] - (paired ? pe : 0))) / (1 - pe);
    const linearised = unit - (2 * (1 - value) * (peUnit[i] - pe)) / (1 - pe);
    sum += (linearised - value) ** 2;
  }
  const se = finite(Math.sqrt(sum / (n * (n - 1))));
  let ci: Interval | null = null;
  let pValue: number | null = null;
  if (finite(value) !== null && se !== null) {
    const half = studentTCritical(confidence, n - 1) * se;
    ci = [value - half, Math.min(1, value + half)];
    pValue = se === 0 ? (value === 0 ? 1 : 0) : finite(studentTTwoSidedP(value / se, n - 1));
  }
  return {
    value: finite(value),
    pa: finite(pa),
    pe: finite(pe),
    se: finite(value) === null ? null : se,
    ci,
    pValue,
    nUnits: n,
    nUnitsPaired: nPaired,
    categories: table.categories,
    weights: table.weights,
  };
}
