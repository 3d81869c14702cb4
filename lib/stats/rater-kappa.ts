import { confusionMatrix } from "./confusion-matrix.ts";
import { kappaFromConfusion, type KappaWeights } from "./cohen-kappa.ts";

export type RaterPairKappa = { raterA: number; raterB: number; n: number; value: number | null };

/**
 * Cohen's κ for every pair of raters over the units both rated (`data[rater][unit]`,
 * null/undefined = not rated), and their mean over the pairs where κ is defined — with
 * unweighted κ that mean is Light's κ (Light 1971; Conger 1980). Null mean when no pair
 * gives a κ.
 */
export function raterPairKappas<L extends string | number>(
  data: readonly (readonly (L | null | undefined)[])[],
  labels: readonly L[],
  weights: KappaWeights = "unweighted",
): { pairs: RaterPairKappa[]; mean: number | null } {
  const pairs: RaterPairKappa[] = [];
  for (let a = 0; a < data.length; a++) {
    for (let b = a + 1; b < data.length; b++) {
      const left: L[] = [];
      const right: L[] = [];
      const nUnits = Math.min(data[a].length, data[b].length);
      for (let u = 0; u < nUnits; u++) {
        const va = data[a][u];
        const vb = data[b][u];
        if (isRated(va) && isRated(vb)) {
          left.push(va);
          right.push(vb);
        }
      }
      const confusion = confusionMatrix(left, right, labels);
      pairs.push({ raterA: a, raterB: b, n: confusion.n, value: kappaFromConfusion(confusion.matrix, weights).value });
    }
  }
  const defined = pairs.filter((p) => p.value !== null).map((p) => p.value as number);
  const mean = defined.length > 0 ? defined.reduce((s, v) => s + v, 0) / defined.length : null;
  return { pairs, mean };
}

function isRated<L>(value: L | null | undefined): value is L {
  return value !== null && value !== undefined;
}
