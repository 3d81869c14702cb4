/**
 * The inclusion probability of one take under the sampled queue design (issue 21, "Escalation
 * to people"). At each take, with P the rater's open pool (in scope, not rated or skipped by
 * them, not leased, still wanting ratings, not gold), E ⊆ P its escalated items, e* the most
 * urgent of E (highest priority, then lowest turn id) and s the escalation share:
 *
 *   with probability s serve e* (when E is not empty), otherwise a uniformly random item of P.
 *
 * So the probability that item i is the one served at this take is
 *
 *   π(i) = s·1[i = e*] + (1 − s)/|P|   when E is not empty,
 *   π(i) = 1/|P|                        when E is empty (the whole take is random).
 *
 * Every open item keeps π ≥ (1 − s)/|P| > 0 when s < 1, which is what inverse-probability
 * weighting needs. It is a per-take (per-draw) probability, recorded with the lease and the
 * rating; the report weights each rated item by 1/π with the self-normalised (Hájek)
 * estimator of lib/stats/ipw.ts, which needs π only up to the pool's scale (Zrnic & Candès,
 * "Active Statistical Inference", 2024; Hansen & Hurwitz 1943 for per-draw weights).
 */
export function inclusionProbability({ share, poolSize, escalatedSize, isTopEscalated }: InclusionInput): number {
  if (!(poolSize >= 1)) throw new RangeError(`the pool must hold at least one item, got ${poolSize}`);
  if (!(share >= 0 && share <= 1)) throw new RangeError(`the share must lie in [0, 1], got ${share}`);
  if (escalatedSize <= 0) return 1 / poolSize;
  return (isTopEscalated ? share : 0) + (1 - share) / poolSize;
}

export type InclusionInput = {
  /** The escalation share s, 0–1. */
  share: number;
  /** |P|: open items this rater could be given now. */
  poolSize: number;
  /** |E|: how many of them are escalated. */
  escalatedSize: number;
  /** The item is e*, the one the escalation share would serve. */
  isTopEscalated: boolean;
};

/** Which arm a take uses: the escalated item when u < s and there is one. */
export function takesEscalated(u: number, share: number, escalatedSize: number): boolean {
  return escalatedSize > 0 && u < share;
}
