// Unweighted Cohen's κ from confusion counts, to the last bit or two of scikit-learn's.

/**
 * Cohen's κ (Cohen 1960) from n pairs, the agreeing count Σ O_ii and the marginals
 * O_i· (human) and O_·i (judge):
 *   κ = 1 − n (n − Σ O_ii) / (n² − Σ_i O_i· O_·i),
 * which is cohen_kappa_score's 1 − Σ_{i≠j} O_ij / Σ_{i≠j} E_ij with E_ij = O_i· O_·j / n,
 * since Σ_{i≠j} E_ij = (n² − Σ_i O_i· O_·i) / n. Both products are integers, exact below
 * n ≈ 9·10⁷, so κ carries a single rounding; summing the k² chance terms in floating point
 * instead drifts by ~1e-13 with a few hundred classes. Null when n² = Σ O_i· O_·i (both
 * raters always use the same single class), where scikit-learn returns NaN.
 */
export function kappaFromCounts(n: number, agreeing: number, human: ArrayLike<number>, judge: ArrayLike<number>): number | null {
  let chance = 0;
  for (let i = 0; i < human.length; i++) chance += human[i] * judge[i];
  const denominator = n * n - chance;
  return denominator === 0 ? null : 1 - (n * (n - agreeing)) / denominator;
}
