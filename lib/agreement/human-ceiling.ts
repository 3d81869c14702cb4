import { kappaFromConfusion, krippendorffAlpha, type Rating } from "@/lib/stats";
import type { AgreementPairs } from "./build-pairs";
import { mean } from "./figures";
import { MIN_RATER_OVERLAP } from "./small-samples";

/** κ of two raters (or of the judge and a rater) over the units both rated. */
export type PairKappa = { a: string; b: string; n: number; unweighted: number | null; quadratic: number | null; isCounted: boolean };

export type HumanCeiling = {
  /** Units with two or more ratings: the only ones where humans can agree or not. */
  nUnitsMultiRated: number;
  nRaters: number;
  /** Rater against rater, most overlap first. */
  raterPairs: PairKappa[];
  /** Means over the pairs with at least MIN_RATER_OVERLAP units in common (unweighted: Light's κ). */
  humans: { unweighted: number | null; quadratic: number | null; nPairs: number };
  /** The judge's level against each rater's: the judge taken as one more rater. */
  judgeVsRaters: PairKappa[];
  judge: { unweighted: number | null; quadratic: number | null; nPairs: number };
  /** Krippendorff's α (ordinal) over all raters, missing ratings allowed. */
  alpha: { value: number | null; nPairable: number };
};

export const JUDGE_KEY = "judge";

/**
 * Agreement among humans on the same turns — the ceiling the judge is measured against —
 * and the judge taken as one more rater, so the two read side by side. Pairs are counted
 * straight into confusion matrices (rows: the first of the pair), then κ per matrix.
 */
export function humanCeiling(pairs: AgreementPairs): HumanCeiling {
  const { offsets, raterOf, levelOf, raters, labels } = pairs;
  const k = labels.length;
  const position = (level: number) => labels.indexOf(level);
  const byPair = new Map<number, Float64Array>();
  const byRater = raters.map(() => new Float64Array(k * k));
  let multiRated = 0;
  for (let u = 0; u < pairs.n; u++) {
    const start = offsets[u];
    const end = offsets[u + 1];
    const judge = position(pairs.judgeLevel[u]);
    for (let i = start; i < end; i++) {
      const mine = position(levelOf[i]);
      if (judge >= 0 && mine >= 0) byRater[raterOf[i]][judge * k + mine]++;
      for (let j = i + 1; j < end; j++) {
        const [x, y] = raterOf[i] < raterOf[j] ? [i, j] : [j, i];
        const key = raterOf[x] * raters.length + raterOf[y];
        let matrix = byPair.get(key);
        if (!matrix) byPair.set(key, (matrix = new Float64Array(k * k)));
        const a = position(levelOf[x]);
        const b = position(levelOf[y]);
        if (a >= 0 && b >= 0) matrix[a * k + b]++;
      }
    }
    if (end - start >= 2) multiRated++;
  }
  const raterPairs = [...byPair].map(([key, matrix]) => pairKappa(raters[Math.floor(key / raters.length)], raters[key % raters.length], matrix, k));
  raterPairs.sort((p, q) => q.n - p.n || p.a.localeCompare(q.a) || p.b.localeCompare(q.b));
  const judgeVsRaters = byRater.map((matrix, i) => pairKappa(JUDGE_KEY, raters[i], matrix, k)).filter((p) => p.n > 0);
  judgeVsRaters.sort((p, q) => q.n - p.n || p.b.localeCompare(q.b));
  return {
    nUnitsMultiRated: multiRated,
    nRaters: raters.length,
    raterPairs,
    humans: meanKappas(raterPairs),
    judgeVsRaters,
    judge: meanKappas(judgeVsRaters),
    alpha: alpha(pairs),
  };
}

function pairKappa(a: string, b: string, flat: Float64Array, k: number): PairKappa {
  const matrix = Array.from({ length: k }, (_, i) => Array.from(flat.subarray(i * k, (i + 1) * k)));
  const n = flat.reduce((s, v) => s + v, 0);
  return {
    a,
    b,
    n,
    unweighted: kappaFromConfusion(matrix, "unweighted").value,
    quadratic: kappaFromConfusion(matrix, "quadratic").value,
    isCounted: n >= MIN_RATER_OVERLAP,
  };
}

function meanKappas(list: PairKappa[]) {
  const counted = list.filter((p) => p.isCounted);
  const defined = (pick: (p: PairKappa) => number | null) => counted.map(pick).filter((v): v is number => v !== null);
  return { unweighted: mean(defined((p) => p.unweighted)), quadratic: mean(defined((p) => p.quadratic)), nPairs: counted.length };
}

/**
 * α depends only on each unit's values, not on who gave them (the coincidence matrix sums
 * over pairs of values within a unit), so the ratings are laid out as "first rating, second
 * rating, …" rows rather than one sparse row per rater: the same α at a fraction of the size.
 * Units with a single rating pair with nothing and are left out.
 */
function alpha(pairs: AgreementPairs): HumanCeiling["alpha"] {
  const { offsets, levelOf } = pairs;
  const units: number[] = [];
  let width = 0;
  for (let u = 0; u < pairs.n; u++) {
    const count = offsets[u + 1] - offsets[u];
    if (count < 2) continue;
    units.push(u);
    width = Math.max(width, count);
  }
  const rows: Rating[][] = Array.from({ length: width }, () => new Array<Rating>(units.length).fill(null));
  units.forEach((u, column) => {
    for (let i = offsets[u]; i < offsets[u + 1]; i++) rows[i - offsets[u]][column] = levelOf[i];
  });
  const result = krippendorffAlpha(rows, "ordinal");
  return { value: result.value, nPairable: result.nPairable };
}
