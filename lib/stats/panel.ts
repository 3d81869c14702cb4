// A panel of judges: the members' verdicts aggregated into one, and how independent the
// members' errors are. Inputs are member-major: `members[m][i]` is member m's value on item
// i, members in the order they were listed (the order breaks vote ties). Items with a
// missing value are the caller's to drop first.
import { pearsonR } from "./pearson.ts";
import { isConstant } from "./input-checks.ts";

export type PanelAggregate = "vote" | "mean" | "median";

function itemCount(members: readonly ArrayLike<unknown>[]): number {
  if (members.length === 0) throw new RangeError("a panel needs at least one member");
  const n = members[0].length;
  for (const member of members) {
    if (member.length !== n) throw new RangeError(`panel members differ in length: ${member.length} vs ${n}`);
  }
  return n;
}

/**
 * Majority vote per item: the label most members gave. On a tie, the tied label given by
 * the earliest-listed member. Labels compare as strings, exactly. O(k²) per item for k
 * members, with no allocation per item (a panel is a handful of judges).
 */
export function voteAggregate(members: readonly (readonly string[])[]): string[] {
  const n = itemCount(members);
  const k = members.length;
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestCount = 0;
    for (let m = 0; m < k; m++) {
      const label = members[m][i];
      let count = 0;
      for (let o = 0; o < k; o++) if (members[o][i] === label) count++;
      // Strictly greater: among tied labels the earliest member's stays.
      if (count > bestCount) {
        best = m;
        bestCount = count;
      }
    }
    out[i] = members[best][i];
  }
  return out;
}

/** Arithmetic mean per item, summed in member order: (x₁ + … + x_k) / k (numpy.mean over axis 0). */
export function meanAggregate(members: readonly ArrayLike<number>[]): Float64Array {
  const n = itemCount(members);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = members[0][i];
    for (let m = 1; m < members.length; m++) sum += members[m][i];
    out[i] = sum / members.length;
  }
  return out;
}

/** Median per item; with an even number of members, the mean of the middle two (numpy.median). */
export function medianAggregate(members: readonly ArrayLike<number>[]): Float64Array {
  const n = itemCount(members);
  const k = members.length;
  const out = new Float64Array(n);
  const sorted = new Float64Array(k);
  const half = k >> 1;
  for (let i = 0; i < n; i++) {
    // Insertion sort of a handful of values in Float64Array.prototype.sort's order (a call of
    // the built-in sort per item costs more than the sorting itself).
    for (let m = 0; m < k; m++) {
      const x = members[m][i];
      let j = m;
      for (; j > 0 && isAfter(sorted[j - 1], x); j--) sorted[j] = sorted[j - 1];
      sorted[j] = x;
    }
    out[i] = k % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  }
  return out;
}

/** Whether a sorts after b in Float64Array.prototype.sort's order: ascending, −0 before +0, NaN last. */
function isAfter(a: number, b: number): boolean {
  return a > b || (a === b ? a === 0 && 1 / a > 1 / b : a !== a && b === b);
}

/** A label member's error per item: 1 where it differs from the human label, else 0. */
export function labelErrors(human: readonly string[], member: readonly string[]): Float64Array {
  if (human.length !== member.length) throw new RangeError(`paired arrays differ in length: ${human.length} vs ${member.length}`);
  const errors = new Float64Array(human.length);
  for (let i = 0; i < human.length; i++) errors[i] = member[i] === human[i] ? 0 : 1;
  return errors;
}

/** A numeric member's error per item: member − human. */
export function numericErrors(human: ArrayLike<number>, member: ArrayLike<number>): Float64Array {
  if (human.length !== member.length) throw new RangeError(`paired arrays differ in length: ${human.length} vs ${member.length}`);
  const errors = new Float64Array(human.length);
  for (let i = 0; i < human.length; i++) errors[i] = member[i] - human[i];
  return errors;
}

export type ErrorCorrelation = {
  /** Pearson r of members i and j's errors; null where either error is constant (zero variance) or n < 2. The diagonal is 1, or null for a constant error. */
  matrix: (number | null)[][];
  /** Mean of the off-diagonal r over the pairs where it is defined; null when none is. */
  mean: number | null;
  /** How many of the k(k−1)/2 pairs that mean is over. */
  nPairs: number;
};

/**
 * Pairwise Pearson correlation of the members' errors (numpy.corrcoef's entries) and its
 * mean over the pairs where both errors vary: a pair with a constant error (a member that
 * is always right, or always off by the same amount) has no correlation and is left out.
 * ρ̄ feeds the effective number of judges (see effectiveJudges).
 */
export function errorCorrelation(errors: readonly ArrayLike<number>[]): ErrorCorrelation {
  itemCount(errors);
  const k = errors.length;
  const varies = errors.map((e) => e.length >= 2 && !isConstant(e));
  const matrix = errors.map((_, i) => errors.map((_, j) => ((i === j && varies[i] ? 1 : null) as number | null)));
  let sum = 0;
  let nPairs = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const r = varies[i] && varies[j] ? pearsonR(errors[i], errors[j]) : null;
      matrix[i][j] = r;
      matrix[j][i] = r;
      if (r !== null) {
        sum += r;
        nPairs++;
      }
    }
  }
  return { matrix, mean: nPairs === 0 ? null : sum / nPairs, nPairs };
}

/**
 * The effective number of independent judges in a panel of k whose errors correlate ρ̄ on
 * average: n_eff = k / (1 + (k − 1)·ρ̄) — the design effect of equicorrelated votes (Kish
 * 1965; for LLM panels, "Nine Judges, Two Effective Votes", 2026). k when ρ̄ = 0, 1 when
 * ρ̄ = 1. Null when ρ̄ is null (no pair left) or 1 + (k − 1)·ρ̄ ≤ 0, which no correlation
 * matrix over all k members allows but a mean over the pairs left can.
 */
export function effectiveJudges(k: number, meanCorrelation: number | null): number | null {
  if (meanCorrelation === null) return null;
  const denominator = 1 + (k - 1) * meanCorrelation;
  return denominator > 0 ? k / denominator : null;
}
