import { kappaFromConfusion } from "@/lib/stats";
import { alphaFromCoincidences } from "@/lib/stats/krippendorff-alpha";
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
  const r = raters.length;
  const positions = new Map(labels.map((level, i) => [level, i]));
  const position = (level: number) => positions.get(level) ?? -1;
  const levelPosition = levelOf.map(position);
  // Rater pairs' matrices side by side in one array when they fit (a few thousand pairs), else
  // one per pair met; `pairKeys` keeps the order pairs were first met in.
  const isDense = r * r * k * k <= 1 << 18;
  const dense = isDense ? new Float64Array(r * r * k * k) : null;
  const sparse = new Map<number, Float64Array>();
  const isMet = new Uint8Array(isDense ? r * r : 0);
  const pairKeys: number[] = [];
  const byRater = new Float64Array(r * k * k);
  let multiRated = 0;
  for (let u = 0; u < pairs.n; u++) {
    const start = offsets[u];
    const end = offsets[u + 1];
    const judge = position(pairs.judgeLevel[u]);
    for (let i = start; i < end; i++) {
      const mine = levelPosition[i];
      if (judge >= 0 && mine >= 0) byRater[raterOf[i] * k * k + judge * k + mine]++;
      for (let j = i + 1; j < end; j++) {
        const x = raterOf[i] < raterOf[j] ? i : j;
        const y = x === i ? j : i;
        const key = raterOf[x] * r + raterOf[y];
        let matrix: Float64Array;
        let base = 0;
        if (dense) {
          if (!isMet[key]) {
            isMet[key] = 1;
            pairKeys.push(key);
          }
          matrix = dense;
          base = key * k * k;
        } else {
          let found = sparse.get(key);
          if (!found) {
            sparse.set(key, (found = new Float64Array(k * k)));
            pairKeys.push(key);
          }
          matrix = found;
        }
        const a = levelPosition[x];
        const b = levelPosition[y];
        if (a >= 0 && b >= 0) matrix[base + a * k + b]++;
      }
    }
    if (end - start >= 2) multiRated++;
  }
  const matrixOf = (key: number) => (dense ? dense.subarray(key * k * k, (key + 1) * k * k) : sparse.get(key)!);
  const raterPairs = pairKeys.map((key) => pairKappa(raters[Math.floor(key / r)], raters[key % r], matrixOf(key), k));
  raterPairs.sort((p, q) => q.n - p.n || p.a.localeCompare(q.a) || p.b.localeCompare(q.b));
  const judgeVsRaters = raters.map((rater, i) => pairKappa(JUDGE_KEY, rater, byRater.subarray(i * k * k, (i + 1) * k * k), k)).filter((p) => p.n > 0);
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
 * Krippendorff's α (ordinal) of the units with two or more ratings. α depends only on each
 * unit's values, not on who gave them, so the coincidences are counted straight from the
 * grouped ratings, exactly as krippendorffAlpha counts them (each unit's distinct values in
 * the order they come, the same sums in the same order), without laying out a row per
 * rating position and a column per unit: the same α, a tenth of the time at 100,000 units.
 * Units with a single rating pair with nothing and are left out.
 */
function alpha(pairs: AgreementPairs): HumanCeiling["alpha"] {
  const { offsets, levelOf } = pairs;
  const seen = new Set<number>();
  for (let u = 0; u < pairs.n; u++) {
    if (offsets[u + 1] - offsets[u] < 2) continue;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) seen.add(levelOf[i]);
  }
  const values = [...seen].sort((a, b) => a - b);
  const index = new Map(values.map((v, i) => [v, i]));
  // Levels are small integers: their class straight from a table, not a Map lookup per rating.
  const low = values[0] ?? 0;
  const table = values.length > 0 && values[values.length - 1] - low < 4096 ? new Int32Array(values[values.length - 1] - low + 1) : null;
  if (table) values.forEach((v, i) => (table[v - low] = i));
  const o = values.map(() => new Array<number>(values.length).fill(0));
  const classes: number[] = [];
  const counts: number[] = [];
  for (let u = 0; u < pairs.n; u++) {
    const m = offsets[u + 1] - offsets[u];
    if (m < 2) continue;
    if (m === 2) {
      // Two ratings (nearly every multi-rated unit), the loop below with its terms of 0 left
      // out (x + 0 is x): the same two, or one each way.
      const a = table ? table[levelOf[offsets[u]] - low] : index.get(levelOf[offsets[u]])!;
      const b = table ? table[levelOf[offsets[u] + 1] - low] : index.get(levelOf[offsets[u] + 1])!;
      if (a === b) o[a][a] += 2;
      else {
        o[a][b] += 1;
        o[b][a] += 1;
      }
      continue;
    }
    classes.length = 0;
    counts.length = 0;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const c = table ? table[levelOf[i] - low] : index.get(levelOf[i])!;
      const at = classes.indexOf(c);
      if (at < 0) {
        classes.push(c);
        counts.push(1);
      } else counts[at]++;
    }
    for (let a = 0; a < classes.length; a++) {
      for (let b = 0; b < classes.length; b++) o[classes[a]][classes[b]] += (counts[a] * (counts[b] - (a === b ? 1 : 0))) / (m - 1);
    }
  }
  const result = alphaFromCoincidences((c, k) => o[c][k], "ordinal", values);
  return { value: result.value, nPairable: result.nPairable };
}
