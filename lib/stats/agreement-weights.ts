import type { Category } from "./rating-table.ts";

/** The weights of irrCAC (Gwet 2014, ch. 3) that weighted κ and AC2 take by name here. */
export type AgreementWeights = "identity" | "quadratic" | "linear" | "ordinal";

/**
 * The q × q agreement weights of irrCAC.weights.Weights for sorted categories. Numeric
 * categories weigh by their values c_k, text categories by their positions 1..q:
 *   identity  w_kl = [k = l]
 *   quadratic w_kl = 1 − (c_k − c_l)² / (c_max − c_min)²
 *   linear    w_kl = 1 − |c_k − c_l| / (c_max − c_min)
 *   ordinal   w_kl = 1 − m(m−1)/2 / max, m = |k − l| + 1 over positions, max its largest value
 * With one category the weighted schemes are 0/0 (irrCAC raises or gives NaN): NaN here.
 */
export function agreementWeights(categories: readonly Category[], scheme: AgreementWeights): number[][] {
  const q = categories.length;
  const values = categories.every((c) => typeof c === "number") ? (categories as number[]) : categories.map((_, k) => k + 1);
  const range = q === 0 ? 0 : values[q - 1] - values[0];
  const maxOrdinal = (q * (q - 1)) / 2;
  const weight = (k: number, l: number): number => {
    switch (scheme) {
      case "identity":
        return k === l ? 1 : 0;
      case "quadratic":
        return 1 - ((values[k] - values[l]) / range) ** 2;
      case "linear":
        return 1 - Math.abs(values[k] - values[l]) / range;
      case "ordinal": {
        const m = Math.abs(k - l) + 1;
        return 1 - (m * (m - 1)) / 2 / maxOrdinal;
      }
    }
  };
  return Array.from({ length: q }, (_, k) => Array.from({ length: q }, (_, l) => weight(k, l)));
}
