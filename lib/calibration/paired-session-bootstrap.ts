import { percentiles } from "@/lib/stats/percentile";
import { uniformSource } from "@/lib/stats/seeded-random";

const LEVELS = 4;

/** Quadratic-weighted κ of a flat 4×4 confusion matrix (human row, judge column), null when undefined. */
export function quadraticKappaOfMatrix(matrix: ArrayLike<number>): number | null {
  const rows = new Float64Array(LEVELS);
  const columns = new Float64Array(LEVELS);
  let n = 0;
  for (let h = 0; h < LEVELS; h++) {
    for (let j = 0; j < LEVELS; j++) {
      const count = matrix[h * LEVELS + j];
      rows[h] += count;
      columns[j] += count;
      n += count;
    }
  }
  if (n === 0) return null;
  let observed = 0;
  let expected = 0;
  for (let h = 0; h < LEVELS; h++) {
    for (let j = 0; j < LEVELS; j++) {
      const weight = (h - j) * (h - j);
      observed += weight * matrix[h * LEVELS + j];
      expected += (weight * rows[h] * columns[j]) / n;
    }
  }
  return expected === 0 ? null : 1 - observed / expected;
}

export type PairedDifference = { a: number; b: number; difference: number; ciLow: number; ciHigh: number; replicates: number };

/**
 * κ_q(a) − κ_q(b) for two sets of levels of the same items against the same human levels,
 * with a 95% percentile interval from a paired bootstrap over sessions: each replicate draws
 * sessions with replacement (seeded) and takes every item of a drawn session for both a and
 * b, so turns of one session stay together and the two κ share each draw. Replicates where
 * either κ is undefined are skipped. Null when either κ is undefined on the full data.
 */
export function pairedSessionBootstrap(
  items: { session: ArrayLike<number>; human: ArrayLike<number>; a: ArrayLike<number>; b: ArrayLike<number> },
  options: { replicates: number; seed: number },
): PairedDifference | null {
  const sessionIndex = new Map<number, number>();
  for (let i = 0; i < items.session.length; i++) if (!sessionIndex.has(items.session[i])) sessionIndex.set(items.session[i], sessionIndex.size);
  const sessions = sessionIndex.size;
  const cells = LEVELS * LEVELS;
  const perA = new Float64Array(sessions * cells);
  const perB = new Float64Array(sessions * cells);
  const totalA = new Float64Array(cells);
  const totalB = new Float64Array(cells);
  for (let i = 0; i < items.session.length; i++) {
    const s = sessionIndex.get(items.session[i])!;
    const row = (items.human[i] - 1) * LEVELS;
    perA[s * cells + row + items.a[i] - 1]++;
    perB[s * cells + row + items.b[i] - 1]++;
    totalA[row + items.a[i] - 1]++;
    totalB[row + items.b[i] - 1]++;
  }
  const a = quadraticKappaOfMatrix(totalA);
  const b = quadraticKappaOfMatrix(totalB);
  if (a === null || b === null) return null;
  const random = uniformSource(options.seed);
  const differences: number[] = [];
  const drawnA = new Float64Array(cells);
  const drawnB = new Float64Array(cells);
  for (let r = 0; r < options.replicates; r++) {
    drawnA.fill(0);
    drawnB.fill(0);
    for (let k = 0; k < sessions; k++) {
      const s = Math.floor(random() * sessions);
      for (let c = 0; c < cells; c++) {
        drawnA[c] += perA[s * cells + c];
        drawnB[c] += perB[s * cells + c];
      }
    }
    const ka = quadraticKappaOfMatrix(drawnA);
    const kb = quadraticKappaOfMatrix(drawnB);
    if (ka !== null && kb !== null) differences.push(ka - kb);
  }
  const interval = percentiles(differences, [2.5, 97.5]);
  if (interval === null) return null;
  return { a, b, difference: a - b, ciLow: interval[0], ciHigh: interval[1], replicates: differences.length };
}
