import type { CorrelationResult, KappaEstimate } from "@/lib/stats";
import type { GroupFigures } from "./breakdowns";
import type { AgreementFiguresReport } from "./build-report";
import type { AgreementFigures } from "./figures";
import { toCsv } from "./export-pairs";

// The report's figures as a long CSV table: one row per (section, group, metric), with the
// interval and p-value where the figure has them. Unrounded: rounding is for the page.

export const FIGURE_COLUMNS = ["section", "group", "metric", "value", "ci_low", "ci_high", "p_value", "n"] as const;
type FigureRow = Record<(typeof FIGURE_COLUMNS)[number], string | number | null>;

export function figuresCsv(report: AgreementFiguresReport): string {
  return toCsv(FIGURE_COLUMNS, figureRows(report));
}

export function figureRows(report: AgreementFiguresReport): FigureRow[] {
  const rows: FigureRow[] = [];
  const add = (section: string, group: string, metric: string, value: number | null, n: number, extra: Partial<FigureRow> = {}) =>
    rows.push({ section, group, metric, value, ci_low: null, ci_high: null, p_value: null, n, ...extra });
  const kappa = (section: string, group: string, metric: string, k: KappaEstimate, n: number) =>
    add(section, group, metric, k.value, n, { ci_low: k.ci?.[0] ?? null, ci_high: k.ci?.[1] ?? null });
  const correlation = (section: string, group: string, metric: string, c: CorrelationResult) =>
    add(section, group, metric, c.value, c.n, { ci_low: c.ci?.[0] ?? null, ci_high: c.ci?.[1] ?? null, p_value: c.pValue });
  const figures = (section: string, group: string, f: AgreementFigures) => {
    add(section, group, "exact_agreement", f.exactAgreement, f.n);
    kappa(section, group, "kappa_unweighted", f.kappa.unweighted, f.n);
    kappa(section, group, "kappa_linear", f.kappa.linear, f.n);
    kappa(section, group, "kappa_quadratic", f.kappa.quadratic, f.n);
    correlation(section, group, "spearman", f.spearman);
    if (section === "headline") correlation(section, group, "kendall_tau_b", f.kendall);
    add(section, group, "mean_judge_minus_human_level", f.meanOffset, f.n);
  };
  const groups = (section: string, list: GroupFigures[]) => list.forEach((g) => figures(section, g.key, g));

  figures("headline", "all", report.headline);
  const { ceiling } = report;
  add("human_ceiling", "raters", "mean_pairwise_kappa_unweighted", ceiling.humans.unweighted, ceiling.humans.nPairs);
  add("human_ceiling", "raters", "mean_pairwise_kappa_quadratic", ceiling.humans.quadratic, ceiling.humans.nPairs);
  add("human_ceiling", "raters", "krippendorff_alpha_ordinal", ceiling.alpha.value, ceiling.nUnitsMultiRated);
  add("human_ceiling", "judge", "mean_kappa_vs_raters_unweighted", ceiling.judge.unweighted, ceiling.judge.nPairs);
  add("human_ceiling", "judge", "mean_kappa_vs_raters_quadratic", ceiling.judge.quadratic, ceiling.judge.nPairs);
  for (const p of ceiling.raterPairs) {
    add("rater_pair", `${p.a} × ${p.b}`, "kappa_unweighted", p.unweighted, p.n);
    add("rater_pair", `${p.a} × ${p.b}`, "kappa_quadratic", p.quadratic, p.n);
  }
  groups("persona", report.byPersona);
  groups("criterion", report.byCriterion);
  groups("week", report.overTime.byWeek);
  groups("import", report.overTime.byImport);
  for (const r of report.raters) {
    add("rater", r.rater, "mean_level", r.meanLevel, r.n);
    add("rater", r.rater, "leniency", r.leniency, r.nWithOthers);
    add("rater", r.rater, "gold_accuracy", r.goldAccuracy, r.nGold);
    kappa("rater", r.rater, "kappa_vs_consensus_unweighted", r.consensus.unweighted, r.consensus.n);
    kappa("rater", r.rater, "kappa_vs_consensus_quadratic", r.consensus.quadratic, r.consensus.n);
  }
  correlation("bias", "length", "spearman_judge_score_vs_words", report.bias.length.judge);
  correlation("bias", "length", "spearman_human_level_vs_words", report.bias.length.human);
  for (const o of report.bias.personaOffsets) add("bias", o.persona, "mean_judge_minus_human_level", o.offset, o.n);
  const pairwise = report.pairwise;
  if (pairwise) {
    add("pairwise", "all", "agreement_with_ties", pairwise.agreementWithTies, pairwise.n);
    add("pairwise", "all", "agreement_without_ties", pairwise.agreementWithoutTies, pairwise.nWithoutTies);
    add("pairwise", "all", "position_consistency", pairwise.passes.positionConsistency, pairwise.passes.n);
    add("pairwise", "all", "pass1_accuracy", pairwise.passes.pass1Accuracy, pairwise.passes.n);
    add("pairwise", "all", "pass2_accuracy", pairwise.passes.pass2Accuracy, pairwise.passes.n);
    add("pairwise", "all", "kappa_3way_unweighted", pairwise.kappa.unweighted, pairwise.n);
    add("pairwise", "all", "kappa_3way_linear", pairwise.kappa.linear, pairwise.n);
    add("pairwise", "all", "kappa_3way_quadratic", pairwise.kappa.quadratic, pairwise.n);
  }
  return rows;
}
