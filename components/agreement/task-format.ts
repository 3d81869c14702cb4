import type { TaskType } from "@/lib/agreement/task-data";
import type { JudgeFigures } from "@/lib/agreement/task-figures";
import { formatCount, formatNumber, formatPercent } from "./format";

// Words and rows of the "Metrics for this criterion's type" section, kept apart from the
// components so that they can be tested.

export const TYPE_NAMES: Record<TaskType, string> = {
  binary: "yes or no",
  categorical: "one label of several",
  multilabel: "any set of labels",
  numeric: "a number",
};

/** How the humans' answer on a turn is formed from its ratings. */
export function humanAnswerRule(type: TaskType): string {
  switch (type) {
    case "binary":
    case "categorical":
      return "The people's answer on a turn is the label most of its raters gave; a tie goes to the label listed first for the criterion.";
    case "multilabel":
      return "The people's answer on a turn is the set of labels at least half of its raters chose.";
    case "numeric":
      return "The people's answer on a turn is the mean of its raters' numbers.";
  }
}

/** How far Gwet's AC1 must sit above Fleiss' κ before the section explains why. */
export const PARADOX_GAP = 0.2;

/**
 * Whether κ is low only because one answer dominates (the "kappa paradox"): AC1, which
 * does not collapse there, is at least PARADOX_GAP higher.
 */
export function isKappaParadox(kappa: number | null, ac1: number | null): boolean {
  return kappa !== null && ac1 !== null && ac1 - kappa >= PARADOX_GAP;
}

/** `figure`: the name its bootstrap interval goes by (lib/agreement/task-bootstrap.ts), when it has one. */
export type FigureRow = { name: string; value: string; meaning: string; figure?: string; isPercent?: boolean };

/** The figures behind the headline cards, as rows of a table. */
export function secondaryRows(judge: JudgeFigures): FigureRow[] {
  switch (judge.type) {
    case "binary": {
      const m = judge.metrics;
      const { positive, negative } = judge;
      return [
        { name: "Accuracy", figure: "accuracy", isPercent: true, value: formatPercent(m.accuracy), meaning: "turns where the judge gave the people's answer" },
        { name: "Specificity", figure: "specificity", value: formatNumber(m.specificity), meaning: `of the turns people called ${negative}, the share the judge called ${negative} too` },
        { name: "Balanced accuracy", figure: "balancedAccuracy", value: formatNumber(m.balancedAccuracy), meaning: "the mean of recall and specificity: accuracy that a rare answer cannot inflate" },
        { name: "Matthews correlation (MCC)", figure: "mcc", value: formatNumber(m.mcc), meaning: "from −1 (always opposite) through 0 (chance) to 1 (always the same)" },
        { name: "Cohen's κ", figure: "kappa", value: formatNumber(m.kappa), meaning: "agreement beyond what chance would give" },
        { name: `Share called ${positive} by people`, value: formatPercent(m.prevalenceHuman), meaning: "how common the positive answer is" },
        { name: `Share called ${positive} by the judge`, value: formatPercent(m.prevalenceJudge), meaning: "above the people's share: the judge says it too often" },
        {
          name: "Counts",
          value: `${formatCount(m.tp)} · ${formatCount(m.fp)} · ${formatCount(m.fn)} · ${formatCount(m.tn)}`,
          meaning: `both ${positive} · judge only · people only · both ${negative}`,
        },
      ];
    }
    case "categorical": {
      const m = judge.metrics;
      return [
        { name: "Micro-F1", figure: "microF1", value: formatNumber(m.microF1), meaning: "F1 over all turns pooled; equals accuracy when every turn has one label" },
        { name: "Weighted F1", figure: "weightedF1", value: formatNumber(m.weightedF1), meaning: "each label's F1 weighted by how often people gave it" },
      ];
    }
    case "multilabel": {
      const m = judge.metrics;
      return [
        { name: "Subset accuracy", figure: "subsetAccuracy", isPercent: true, value: formatPercent(m.subsetAccuracy), meaning: "turns where the judge chose exactly the people's labels" },
        { name: "Jaccard (per turn)", figure: "jaccardSamples", value: formatNumber(m.jaccardSamples), meaning: "labels both chose over labels either chose, averaged over turns" },
        { name: "Hamming loss", figure: "hammingLoss", value: formatNumber(m.hammingLoss, 3), meaning: "share of turn × label decisions where they differ (lower is better)" },
      ];
    }
    case "numeric":
      return [
        { name: "Pearson r", figure: "pearson", value: formatNumber(judge.pearson.value), meaning: "how close to a straight line the two sets of numbers lie" },
        { name: "Mean absolute error", figure: "mae", value: formatNumber(judge.mae, 3), meaning: "how far the judge's number is from the people's, on average" },
        { name: "Root mean squared error", figure: "rmse", value: formatNumber(judge.rmse, 3), meaning: "the same, with large misses counting more" },
        { name: "Concordance (Lin's CCC)", figure: "ccc", value: formatNumber(judge.ccc), meaning: "1 only when the judge gives the very same numbers" },
        { name: "ICC(3,1), consistency", figure: "icc3_1", value: formatNumber(judge.icc.icc3_1.value), meaning: "agreement up to a constant shift between judge and people" },
      ];
  }
}
