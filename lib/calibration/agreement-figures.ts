import type { QualityCutoffs } from "@/lib/judge";
import { cohenKappa, kendallTauB, spearmanCorrelation } from "@/lib/stats";
import { levelUnder, type CalibrationPair } from "./propose-cutoffs";

export type AgreementFigures = {
  n: number;
  /** Cohen's κ between the human level and the judge's level under the cut-offs. */
  kappaQuadratic: number | null;
  kappaUnweighted: number | null;
  /** Spearman ρ and Kendall τ-b between the human level and the judge's overall score. */
  rho: number | null;
  tau: number | null;
  /** matrix[h − 1][j − 1]: turns with human level h and judge level j (1 = Poor … 4 = Excellent). */
  confusion: number[][];
};

const LEVELS = [1, 2, 3, 4];

/**
 * Agreement of the judge with the humans on these pairs (score = the judge's overall score,
 * level = the human level): κ needs the judge's level, so it depends on the cut-offs; ρ and τ
 * compare ranks of the score itself, so only weights move them. Null where undefined.
 */
export function agreementFigures(pairs: readonly CalibrationPair[], cutoffs: QualityCutoffs): AgreementFigures {
  const human = pairs.map((pair) => pair.level);
  const judge = pairs.map((pair) => levelUnder(pair.score, cutoffs));
  const kappa = cohenKappa(human, judge, LEVELS);
  const scores = pairs.map((pair) => pair.score);
  const hasPairs = pairs.length > 0;
  return {
    n: pairs.length,
    kappaQuadratic: kappa.quadratic.value,
    kappaUnweighted: kappa.unweighted.value,
    rho: hasPairs ? spearmanCorrelation(human, scores).value : null,
    tau: hasPairs ? kendallTauB(human, scores).value : null,
    confusion: kappa.matrix,
  };
}
