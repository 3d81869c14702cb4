import type { CorrelationResult } from "@/lib/stats";
import type { AgreementPairs } from "./build-pairs";
import type { GroupFigures } from "./breakdowns";
import { subset } from "./figures";
import { humanRanks, scoreRanks, spearmanOfRanks, wordRanks } from "./shared-ranks";

/**
 * Seed 001's bias checks. Length bias: does the judge's score rise with the response's word
 * count more than the humans' level does, on the same turns? Systematic offsets: per
 * persona, the judge's mean level minus the humans' (taken from the per-persona figures).
 */
export type BiasChecks = {
  length: {
    n: number;
    /** Spearman ρ of the judge's score with the word count. */
    judge: CorrelationResult;
    /** Spearman ρ of the human level with the word count. */
    human: CorrelationResult;
    /** judge ρ − human ρ: > 0 when the judge rewards length more than people do. */
    difference: number | null;
  };
  personaOffsets: { persona: string; n: number; meanJudgeLevel: number | null; meanHumanLevel: number | null; offset: number | null }[];
};

export function biasChecks(pairs: AgreementPairs, byPersona: GroupFigures[]): BiasChecks {
  const words = subset(pairs.units.wordCount, undefined, Float64Array);
  const score = subset(pairs.units.score, undefined, Float64Array);
  const none = (n: number): CorrelationResult => ({ n, value: null, pValue: null, ci: null });
  // The same ρ as spearmanCorrelation(score, words) and (human, words), from ranks computed once per report.
  const judge = pairs.n >= 2 ? spearmanOfRanks(score, words, scoreRanks(pairs), wordRanks(pairs)) : none(pairs.n);
  const human = pairs.n >= 2 ? spearmanOfRanks(pairs.human, words, humanRanks(pairs), wordRanks(pairs)) : none(pairs.n);
  return {
    length: {
      n: pairs.n,
      judge,
      human,
      difference: judge.value === null || human.value === null ? null : judge.value - human.value,
    },
    personaOffsets: byPersona.map((group) => ({
      persona: group.key,
      n: group.n,
      meanJudgeLevel: group.meanJudgeLevel,
      meanHumanLevel: group.meanHumanLevel,
      offset: group.meanOffset,
    })),
  };
}
