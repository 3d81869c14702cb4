import { altTest, type AltTestResult } from "@/lib/stats/alt-test";
import { hajekMeanCi, weightedPpiMean } from "@/lib/stats/ipw";
import { classicalMeanCi, judgeOnlyMean, ppiMean, type MeanInterval, type PpiMean } from "@/lib/stats/ppi";
import type { AgreementPairs } from "./build-pairs";
import type { CriterionVerdictSettings } from "./verdict-settings.schema";

/** The three readings of one quantity: the judge alone, corrected by the labels, humans alone. */
export type QualityEstimate = {
  /** The plain mean of the judge's values over every scored item in scope. */
  judgeOnly: { mean: number | null; n: number };
  /** Prediction-powered (PPI++): judge on everything, corrected by the human-labelled items. */
  corrected: PpiMean & { nLabeled: number; nUnlabeled: number };
  /** The human-labelled items alone, with the classical normal interval. */
  humanOnly: MeanInterval & { n: number };
  /**
   * Every labelled item was served by the sampled queue design: the corrected and human-only
   * figures weight each by 1/inclusion probability (lib/stats/ipw.ts), the judge-only one not.
   */
  isWeighted?: boolean;
};

export type TrustFigures = {
  altTest: AltTestResult;
  quality: {
    /** Items at or above this level pass. */
    passLevel: number;
    /** Of the quality level (1 = Poor … 4 = Excellent). */
    meanLevel: QualityEstimate;
    /** Share of items at or above the pass level. */
    passRate: QualityEstimate;
  };
};

/** 95 % intervals, as every other interval of the report. */
const ALPHA = 0.05;

/**
 * The report's trust figures from its pairs: the alternative annotator test (each unit an
 * item, the judge's level against the raters' levels) and the corrected quality estimates,
 * where `unlabeled[l − 1]` counts the judge's level-l items that no human rated.
 * `probabilities[u]`, when given, is unit u's inclusion probability under the sampled queue
 * design (null when it has none): when every unit has one, the quality estimates weight by
 * them; a mix of designs is left unweighted, as no single weighting is right for it.
 */
export function trustFigures(
  pairs: AgreementPairs,
  unlabeled: readonly number[],
  settings: CriterionVerdictSettings & { passLevel: number },
  probabilities: readonly (number | null)[] = [],
): TrustFigures {
  const weights = pairs.n > 0 && probabilities.length === pairs.n && probabilities.every((p) => p !== null) ? (probabilities as number[]) : null;
  return {
    altTest: altTestOfPairs(pairs, settings),
    quality: {
      passLevel: settings.passLevel,
      meanLevel: qualityEstimate(pairs, unlabeled, (level) => level, weights),
      passRate: qualityEstimate(pairs, unlabeled, (level) => (level >= settings.passLevel ? 1 : 0), weights),
    },
  };
}

function altTestOfPairs(pairs: AgreementPairs, settings: CriterionVerdictSettings): AltTestResult {
  const total = pairs.raterOf.length;
  const item = new Array<string>(total);
  const rater = new Array<string>(total);
  const value = new Array<number>(total);
  const judge = new Map<string, number>();
  for (let u = 0; u < pairs.n; u++) {
    const key = String(u);
    judge.set(key, pairs.judgeLevel[u]);
    for (let i = pairs.offsets[u]; i < pairs.offsets[u + 1]; i++) {
      item[i] = key;
      rater[i] = pairs.raters[pairs.raterOf[i]];
      value[i] = pairs.levelOf[i];
    }
  }
  return altTest({ item, rater, value, judge }, { epsilon: settings.epsilon, alignment: settings.alignment });
}

function qualityEstimate(pairs: AgreementPairs, unlabeled: readonly number[], map: (level: number) => number, weights: number[] | null): QualityEstimate {
  const y = new Float64Array(pairs.n);
  const yHat = new Float64Array(pairs.n);
  for (let u = 0; u < pairs.n; u++) {
    y[u] = map(pairs.human[u]);
    yHat[u] = map(pairs.judgeLevel[u]);
  }
  const nUnlabeled = unlabeled.reduce((sum, count) => sum + count, 0);
  const yHatUnlabeled = new Float64Array(nUnlabeled);
  let at = 0;
  unlabeled.forEach((count, index) => {
    yHatUnlabeled.fill(map(index + 1), at, at + count);
    at += count;
  });
  const judgeOnly = { mean: judgeOnlyMean(yHat, yHatUnlabeled), n: pairs.n + nUnlabeled };
  if (weights) {
    // Under escalation the unrated items are not a random sample: the imputed term covers every scored item.
    const population = new Float64Array(pairs.n + nUnlabeled);
    population.set(yHat);
    population.set(yHatUnlabeled, pairs.n);
    return {
      judgeOnly,
      corrected: { ...weightedPpiMean(y, yHat, weights, population, { alpha: ALPHA }), nLabeled: pairs.n, nUnlabeled },
      humanOnly: { ...hajekMeanCi(y, weights, ALPHA), n: pairs.n },
      isWeighted: true,
    };
  }
  return {
    judgeOnly,
    corrected: { ...ppiMean(y, yHat, yHatUnlabeled, { alpha: ALPHA }), nLabeled: pairs.n, nUnlabeled },
    humanOnly: { ...classicalMeanCi(y, ALPHA), n: pairs.n },
  };
}
