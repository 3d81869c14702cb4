import type { CrossedBootstrapResult } from "@/lib/stats/crossed-bootstrap";
import { labelsNeeded } from "@/lib/stats/labels-needed";
import { verdictOf, type Verdict } from "@/lib/stats/verdict";
import type { AgreementFiguresReport } from "./build-report";
import type { TrustFigures } from "./trust-figures";
import type { VerdictSettings } from "./verdict-settings.schema";

export type VerdictKey = "kappa_quadratic" | "human_alpha" | "gap" | "alt_test";

/** One headline figure judged against the admin's bar. */
export type VerdictRow = {
  key: VerdictKey;
  label: string;
  estimate: number | null;
  ci: [number, number] | null;
  /** Where the interval comes from. */
  interval: "crossed-bootstrap" | "wald" | null;
  bar: number;
  verdict: Verdict["verdict"];
  reason: Verdict["reason"];
  sentence: string;
  /** More human ratings that would bring the interval to ± targetHalfWidth (null: cannot tell). */
  labelsNeeded: number | null;
};

/** Fewer items than this and no interval is trusted, whatever it says. */
export const MIN_ITEMS_FOR_VERDICT = 10;

/**
 * The verdicts of the headline figures. κ uses the crossed bootstrap (items and raters
 * resampled) once it is computed, the Wald interval (items only) until then; α and the gap
 * exist only with the bootstrap.
 */
export function buildVerdicts(
  report: Pick<AgreementFiguresReport, "headline">,
  trust: TrustFigures,
  bootstrap: CrossedBootstrapResult | null,
  settings: VerdictSettings,
  nRatings: number,
): VerdictRow[] {
  const kappa = report.headline.kappa.quadratic;
  const rows: VerdictRow[] = [];
  const figure = (
    key: VerdictKey,
    label: string,
    bar: number,
    estimate: number | null,
    ci: [number, number] | null,
    interval: VerdictRow["interval"],
    n: number,
  ) => {
    const verdict = verdictOf({ estimate, ci, n }, { min: bar, minN: MIN_ITEMS_FOR_VERDICT });
    const halfWidth = ci ? (ci[1] - ci[0]) / 2 : null;
    rows.push({ key, label, estimate, ci, interval, bar, ...verdict, labelsNeeded: halfWidth === null ? null : labelsNeeded(halfWidth, nRatings, settings.targetHalfWidth) });
  };
  if (bootstrap) {
    figure("kappa_quadratic", "Judge–human κ (quadratic)", settings.kappaMin, bootstrap.judgeKappa.estimate, bootstrap.judgeKappa.ci, "crossed-bootstrap", report.headline.n);
    figure("human_alpha", "Human–human α", settings.alphaMin, bootstrap.humanAlpha.estimate, bootstrap.humanAlpha.ci, "crossed-bootstrap", report.headline.n);
    figure("gap", "Judge minus humans (κ − α)", settings.gapMin, bootstrap.gap.estimate, bootstrap.gap.ci, "crossed-bootstrap", report.headline.n);
  } else {
    figure("kappa_quadratic", "Judge–human κ (quadratic)", settings.kappaMin, kappa.value, kappa.ci, kappa.ci ? "wald" : null, report.headline.n);
  }
  rows.push(altTestRow(trust.altTest));
  return rows;
}

function altTestRow(result: TrustFigures["altTest"]): VerdictRow {
  const base = { key: "alt_test" as const, label: "Judge can replace a rater", estimate: result.winningRate, ci: null, interval: null, bar: 0.5, labelsNeeded: null };
  if (result.passed === null) {
    const tooFew = result.raters.filter((r) => r.skipped !== null).length;
    return {
      ...base,
      verdict: "inconclusive",
      reason: "too-few",
      sentence: `No rater has enough items rated with the judge and another rater (${tooFew} rater${tooFew === 1 ? "" : "s"} with too few).`,
    };
  }
  const summary = `ω = ${result.winningRate!.toFixed(2)}, ${result.nWon} of ${result.nTested} raters beaten at ε = ${result.epsilon}`;
  return result.passed
    ? { ...base, verdict: "pass", reason: "above", sentence: `Judge can replace a rater: yes (${summary}).` }
    : { ...base, verdict: "fail", reason: "below", sentence: `Judge can replace a rater: no (${summary}).` };
}
