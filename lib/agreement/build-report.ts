import type { AgreementData, Cutoffs } from "./agreement-data";
import { biasChecks, type BiasChecks } from "./bias-checks";
import { breakdowns, type GroupFigures } from "./breakdowns";
import { buildPairs, type AgreementPairs } from "./build-pairs";
import { disagreements, type DisagreementRow } from "./disagreements";
import { agreementFigures, type FiguresWithConfusion } from "./figures";
import { humanCeiling, type HumanCeiling } from "./human-ceiling";
import { pairwiseFigures, type PairwiseFigures } from "./pairwise";
import { raterFigures, type RaterFigures } from "./raters";
import { scatterSample, type ScatterSample } from "./scatter";
import { humanRanks, scoreRanks } from "./shared-ranks";

/** Every figure of the agreement report, computed from plain arrays; JSON-ready. */
export type AgreementFiguresReport = {
  /** The ordered human/judge levels κ runs over. */
  levels: number[];
  cutoffs: Cutoffs;
  headline: FiguresWithConfusion;
  ceiling: HumanCeiling;
  scatter: ScatterSample;
  byPersona: GroupFigures[];
  byCriterion: GroupFigures[];
  overTime: { byWeek: GroupFigures[]; byImport: GroupFigures[] };
  raters: RaterFigures[];
  disagreements: { judgeVsHuman: { total: number; rows: DisagreementRow[] }; amongHumans: { total: number; rows: DisagreementRow[] } };
  bias: BiasChecks;
  pairwise: PairwiseFigures | null;
  notes: {
    /** Some judge scores lie outside 0–1, where the quality cut-offs live: their levels may mean little. */
    hasScoresOutsideCutoffRange: boolean;
    /** Criteria other than "overall" are in scope: the judge's level comes from its overall score. */
    hasOtherCriteria: boolean;
    nAdjudicated: number;
  };
};

export function buildAgreementReport(data: AgreementData, cutoffs: Cutoffs): { pairs: AgreementPairs; report: AgreementFiguresReport } {
  const pairs = buildPairs(data, cutoffs);
  const headline = agreementFigures(pairs, undefined, { kendall: true }, { human: humanRanks(pairs), score: scoreRanks(pairs) });
  const { confusion: _confusion, ...whole } = headline;
  const { byPersona, byCriterion, overTime } = breakdowns(pairs, whole);
  const { units } = pairs;
  const report: AgreementFiguresReport = {
    levels: pairs.labels,
    cutoffs,
    headline,
    ceiling: humanCeiling(pairs),
    scatter: scatterSample(pairs),
    byPersona,
    byCriterion,
    overTime,
    raters: raterFigures(pairs),
    disagreements: disagreements(pairs),
    bias: biasChecks(pairs, byPersona),
    pairwise: pairwiseFigures(data.pairwise),
    notes: {
      hasScoresOutsideCutoffRange: units.score.some((s) => s < 0 || s > 1),
      hasOtherCriteria: units.criterion.some((c) => c !== "overall"),
      nAdjudicated: units.adjudicated.reduce((n: number, a) => n + (a === null ? 0 : 1), 0),
    },
  };
  return { pairs, report };
}
