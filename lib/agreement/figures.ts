import { cohenKappa, kendallTauB, spearmanCorrelation, type CorrelationResult, type KappaEstimate } from "@/lib/stats";
import type { AgreementPairs } from "./build-pairs";
import { spearmanOfRanks } from "./shared-ranks";
import { smallSampleFlags, type SmallSampleFlags } from "./small-samples";

export type KendallResult = CorrelationResult & { pValueMethod: "exact" | "asymptotic" | null };

/** Judge against humans over a set of units: the report's headline figures. */
export type AgreementFigures = {
  n: number;
  /** Share of units where the judge's level equals the human level. */
  exactAgreement: number | null;
  kappa: { unweighted: KappaEstimate; linear: KappaEstimate; quadratic: KappaEstimate };
  /** Human level against the judge's overall score. */
  spearman: CorrelationResult;
  /** All nulls in the breakdown tables, which leave τ out. */
  kendall: KendallResult;
  meanHumanLevel: number | null;
  meanJudgeLevel: number | null;
  /** Mean judge level minus mean human level: > 0 when the judge is the more lenient. */
  meanOffset: number | null;
  smallSample: SmallSampleFlags;
};

export type FiguresWithConfusion = AgreementFigures & {
  /** Rows: human level; columns: judge level; both over `labels`. */
  confusion: { labels: number[]; matrix: number[][] };
};

/**
 * The figures over the units listed in `members` (all units when omitted). Kendall's τ is
 * the slowest figure and adds little beside ρ in the breakdown tables, so groups may skip it.
 * `ranks`, when given, are the average ranks of the members' human levels and scores
 * (shared-ranks.ts), which ρ then uses instead of ranking them again.
 */
export function agreementFigures(
  pairs: AgreementPairs,
  members?: ArrayLike<number>,
  options = { kendall: true },
  ranks?: { human: ArrayLike<number>; score: ArrayLike<number> },
): FiguresWithConfusion {
  const human = subset(pairs.human, members, Int32Array);
  const judge = subset(pairs.judgeLevel, members, Int32Array);
  const score = subset(pairs.units.score, members, Float64Array);
  const n = human.length;
  const kappa = cohenKappa(human, judge, pairs.labels);
  const meanHumanLevel = mean(human);
  const meanJudgeLevel = mean(judge);
  return {
    n,
    exactAgreement: kappa.exactAgreement,
    kappa: { unweighted: kappa.unweighted, linear: kappa.linear, quadratic: kappa.quadratic },
    spearman: n < 2 ? { n, value: null, pValue: null, ci: null } : ranks ? spearmanOfRanks(human, score, ranks.human, ranks.score) : spearmanCorrelation(human, score),
    kendall: n >= 2 && options.kendall ? kendallTauB(human, score) : { n, value: null, pValue: null, pValueMethod: null, ci: null },
    meanHumanLevel,
    meanJudgeLevel,
    meanOffset: meanHumanLevel === null || meanJudgeLevel === null ? null : meanJudgeLevel - meanHumanLevel,
    smallSample: smallSampleFlags(n),
    confusion: { labels: [...pairs.labels], matrix: kappa.matrix },
  };
}

export function mean(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

type NumericArrayType<T> = { new (length: number): T; from(values: ArrayLike<number>): T };

/** source[members[i]] for each member, or a copy of all of source. */
export function subset<T extends Int32Array | Float64Array>(source: ArrayLike<number>, members: ArrayLike<number> | undefined, type: NumericArrayType<T>): T {
  if (!members) return type.from(source);
  const out = new type(members.length);
  for (let i = 0; i < members.length; i++) out[i] = source[members[i]];
  return out;
}
