import { cohenKappa, type KappaEstimate } from "@/lib/stats";
import type { AgreementPairs } from "./build-pairs";
import { lowerMedian } from "./human-level";
import { smallSampleFlags, type SmallSampleFlags } from "./small-samples";

export type RaterFigures = {
  rater: string;
  /** Ratings in scope. */
  n: number;
  meanLevel: number | null;
  /**
   * Mean over the rater's ratings of (their level − the mean level of the other raters of
   * the same unit), on units someone else rated too: > 0 is lenient, < 0 strict.
   */
  leniency: number | null;
  nWithOthers: number;
  /** Share of the rater's ratings of gold items that match the gold level. */
  goldAccuracy: number | null;
  nGold: number;
  /** κ of the rater's level against the others' consensus (the lower median of their levels). */
  consensus: { n: number; unweighted: KappaEstimate; quadratic: KappaEstimate; smallSample: SmallSampleFlags };
};

export function raterFigures(pairs: AgreementPairs): RaterFigures[] {
  const { offsets, raterOf, levelOf, raters, labels, units } = pairs;
  const acc = raters.map(() => ({ sum: 0, n: 0, diff: 0, nWithOthers: 0, goldHits: 0, nGold: 0, own: [] as number[], others: [] as number[] }));
  for (let u = 0; u < pairs.n; u++) {
    const start = offsets[u];
    const end = offsets[u + 1];
    const gold = units.gold[u];
    for (let i = start; i < end; i++) {
      const a = acc[raterOf[i]];
      a.sum += levelOf[i];
      a.n++;
      if (gold !== null) {
        a.nGold++;
        if (levelOf[i] === gold) a.goldHits++;
      }
      if (end - start < 2) continue;
      a.nWithOthers++;
      a.own.push(levelOf[i]);
      if (end - start === 2) {
        // The usual case, one other rater: their level is the others' mean and median.
        const other = levelOf[i === start ? start + 1 : start];
        a.diff += levelOf[i] - other;
        a.others.push(other);
        continue;
      }
      const others: number[] = [];
      for (let j = start; j < end; j++) if (j !== i) others.push(levelOf[j]);
      a.diff += levelOf[i] - others.reduce((s, v) => s + v, 0) / others.length;
      a.others.push(lowerMedian(others)!);
    }
  }
  return acc
    .map((a, i) => {
      const kappa = cohenKappa(a.own, a.others, labels);
      return {
        rater: raters[i],
        n: a.n,
        meanLevel: a.n > 0 ? a.sum / a.n : null,
        leniency: a.nWithOthers > 0 ? a.diff / a.nWithOthers : null,
        nWithOthers: a.nWithOthers,
        goldAccuracy: a.nGold > 0 ? a.goldHits / a.nGold : null,
        nGold: a.nGold,
        consensus: { n: kappa.n, unweighted: kappa.unweighted, quadratic: kappa.quadratic, smallSample: smallSampleFlags(kappa.n) },
      };
    })
    .sort((p, q) => q.n - p.n || p.rater.localeCompare(q.rater));
}
