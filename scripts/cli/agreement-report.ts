// Builds the JSON objects printed by `concord agreement` from plain arrays. Field names
// follow lib/stats/fixtures/expected.json.
import {
  cohenKappa,
  groupLevelScoreCorrelations,
  kendallTauB,
  levelFromCutoffs,
  pairwiseAgreement,
  pearsonCorrelation,
  scaleLevel,
  spearmanCorrelation,
  type KappaReport,
  type Preference,
} from "../../lib/stats/index.ts";

export type ScoreData = { human: Float64Array; judge: Float64Array; groups: ArrayLike<string | number> | null };
export type KappaScale = { lo: number; hi: number; judgeCuts: number[] | null };

export function scoreReport(data: ScoreData, scale: KappaScale | null) {
  const { human, judge, groups } = data;
  const pearson = pearsonCorrelation(human, judge);
  const spearman = spearmanCorrelation(human, judge);
  const kendall = kendallTauB(human, judge);
  const report: Record<string, unknown> = {
    n: human.length,
    dataset_level: {
      pearson: pearson.value,
      spearman: spearman.value,
      kendall_tau_b: kendall.value,
      pearson_p: pearson.pValue,
      spearman_p: spearman.pValue,
      kendall_p: kendall.pValue,
      kendall_p_method: kendall.pValueMethod,
      pearson_ci: pearson.ci,
      spearman_ci: spearman.ci,
      kendall_tau_b_ci: kendall.ci,
    },
  };
  if (groups) {
    const [p, rho, tau] = groupLevelScoreCorrelations(human, judge, groups);
    report.group_level = {
      pearson: p.value,
      spearman: rho.value,
      kendall_tau_b: tau.value,
      n_groups: p.nGroups,
      n_groups_used: p.nGroupsUsed,
    };
  }
  if (scale) {
    const labels = Array.from({ length: scale.hi - scale.lo + 1 }, (_, i) => scale.lo + i);
    const humanLevels = human.map((h) => scaleLevel(h, scale.lo, scale.hi));
    const judgeLevels = judge.map((j) =>
      scale.judgeCuts ? levelFromCutoffs(j, scale.judgeCuts, scale.lo) : scaleLevel(j, scale.lo, scale.hi),
    );
    report.kappa = kappaJson(cohenKappa(humanLevels, judgeLevels, labels));
  }
  return report;
}

export type PairwiseData = { human: Preference[]; judge: Preference[]; pass1: Preference[] | null; pass2: Preference[] | null };

export function pairwiseReport(data: PairwiseData) {
  const result = pairwiseAgreement({
    human: data.human,
    judge: data.judge,
    pass1: data.pass1 ?? undefined,
    pass2: data.pass2 ?? undefined,
  });
  return {
    n: result.n,
    agreement_with_ties: result.agreementWithTies,
    agreement_without_ties: result.agreementWithoutTies,
    n_without_ties: result.nWithoutTies,
    position_consistency: result.positionConsistency,
    pass1_accuracy: result.pass1Accuracy,
    pass2_accuracy: result.pass2Accuracy,
    kappa_3way: kappaJson(result.kappa),
  };
}

/** κ block: the three κ, exact agreement, intervals, and the confusion matrix (rows human). */
function kappaJson<L>(k: KappaReport<L>) {
  return {
    unweighted: k.unweighted.value,
    linear: k.linear.value,
    quadratic: k.quadratic.value,
    exact_agreement: k.exactAgreement,
    unweighted_ci: k.unweighted.ci,
    linear_ci: k.linear.ci,
    quadratic_ci: k.quadratic.ci,
    labels: k.labels,
    confusion_matrix: k.matrix,
  };
}
