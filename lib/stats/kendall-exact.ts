/**
 * Exact two-sided p-value of Kendall's τ without ties, as scipy.stats.kendalltau's exact
 * path (scipy.stats._mstats_basic._kendall_p_exact, after Kendall, "Rank Correlation
 * Methods", 4th ed., 1970): with c = min(concordant, discordant) and I(n, k) the number of
 * permutations of n items with k inversions (Mahonian numbers),
 *   p = min(1, 2 · Σ_{k ≤ c} I(n, k) / n!),
 * where I(j, ·) is built from I(j−1, ·) by a running sum minus the sum shifted by j.
 * Special cases kept from scipy: n ≤ 2 → 1; c = 0 → 2/n!; c = 1 → 2/(n−1)!; τ = 0 → 1.
 */
export function kendallExactPValue(n: number, concordant: number): number {
  const total = (n * (n - 1)) / 2;
  const c = Math.min(concordant, total - concordant);
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(c) || c < 0) {
    throw new RangeError(`kendallExactPValue: bad n = ${n} or concordant = ${concordant}`);
  }
  if (n <= 2) return 1;
  if (c === 0) return n < 171 ? 2 / factorial(n) : 0;
  if (c === 1) return n < 172 ? 2 / factorial(n - 1) : 0;
  if (4 * c === n * (n - 1)) return 1;
  if (n >= 171) throw new RangeError("kendallExactPValue: n ≥ 171 is only supported for c ≤ 1");
  let counts = new Float64Array(c + 1);
  counts[0] = 1;
  counts[1] = 1;
  for (let j = 3; j <= n; j++) {
    const next = new Float64Array(c + 1);
    let running = 0;
    for (let k = 0; k <= c; k++) {
      running += counts[k];
      next[k] = running;
    }
    // scipy subtracts the pre-subtraction running sums shifted by j: new[j:] -= new[:c+1-j]
    for (let k = c; k >= j; k--) next[k] -= next[k - j];
    counts = next;
  }
  let sum = 0;
  for (let k = 0; k <= c; k++) sum += counts[k];
  return Math.min(1, Math.max(0, (2 * sum) / factorial(n)));
}

/** n! as the double nearest the exact integer (BigInt product, one rounding). */
function factorial(n: number): number {
  let product = 1n;
  for (let k = 2n; k <= BigInt(n); k++) product *= k;
  return Number(product);
}
