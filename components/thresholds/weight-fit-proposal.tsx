"use client";

import { Badge } from "@/components/ui/badge";
import { VERDICT_TEXT, type WeightFitVerdict } from "@/lib/calibration/fit-weights";
import type { WeightFitReport } from "@/lib/server/thresholds/compute-weight-fit";
import { CUTOFF_KEYS } from "@/lib/thresholds/draft-fields";
import { personaLabel, WEIGHT_METRIC_LABELS, WEIGHT_METRICS } from "@/lib/thresholds/weights";
import { formatCoefficient, formatCount, formatScore } from "./format";
import styles from "./thresholds.module.css";

export type WeightFitProposalReport = Extract<WeightFitReport, { status: "proposal" }>;

const CUTOFF_NAMES = { excellent: "Excellent ≥", good: "Good ≥", fair: "Fair ≥" } as const;
const VERDICT_TONE: Record<WeightFitVerdict, "success" | "warning" | "danger"> = { better: "success", "no-better": "warning", worse: "danger" };

/** A weight as stored (thousandths at most), without trailing zeros. */
export function formatWeight(value: number): string {
  return String(Number(value.toFixed(3)));
}

function formatChange(value: number): string {
  if (Math.abs(value) < 1e-9) return "(unchanged)";
  return `(${value > 0 ? "+" : "−"}${formatWeight(Math.abs(value))})`;
}

function signed(value: number): string {
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(3)}`;
}

/** What the fit proposes: the honest estimate and its verdict, the weights that moved per persona, the cut-offs, the turns that change level. */
export function WeightFitProposal({ report }: { report: WeightFitProposalReport }) {
  const { fit } = report;
  const personas = fit.personas.filter((persona) => persona.turns > 0);
  return (
    <>
      {fit.outOfFold && fit.verdict ? (
        <div className={styles.fitVerdict}>
          <p>
            <Badge tone={VERDICT_TONE[fit.verdict]}>{VERDICT_TEXT[fit.verdict]}</Badge>
          </p>
          <p>
            Out-of-fold quadratic κ: proposed <strong>{formatCoefficient(fit.outOfFold.kappaProposed)}</strong>, today <strong>{formatCoefficient(fit.outOfFold.kappaCurrent)}</strong>.
            Difference <strong>{signed(fit.outOfFold.difference)}</strong>, 95% interval {signed(fit.outOfFold.ciLow)} to {signed(fit.outOfFold.ciHigh)}
            {fit.verdict === "no-better" ? " — it holds 0, so the ratings cannot tell the proposal from today's weights." : "."}
          </p>
          <p className="field-hint">
            Each turn is scored by weights and cut-offs fitted without its session ({fit.outOfFold.folds} folds by session), and the interval comes from {formatCount(fit.outOfFold.replicates)}{" "}
            resamples of whole sessions.
          </p>
        </div>
      ) : null}
      <p>
        From <strong>{formatCount(fit.nTurns)}</strong> rated turns in <strong>{formatCount(fit.nSessions)}</strong> sessions; shrunk{" "}
        <strong>{Math.round(fit.shrinkage * 100)}%</strong> of the way back to today&apos;s weights (chosen by cross-validation).
      </p>
      {personas.map((persona) => (
        <div className="table-wrap" key={persona.persona}>
          <table className="table">
            <caption className={styles.fitCaption}>
              {personaLabel(persona.persona)} · {formatCount(persona.turns)} rated turns{persona.moved.length === 0 ? " · unchanged" : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Weight</th>
                <th scope="col">Today</th>
                <th scope="col">Proposed (change)</th>
              </tr>
            </thead>
            <tbody>
              {WEIGHT_METRICS.map((metric) => {
                const from = persona.current[metric] ?? 0;
                const to = persona.proposed[metric] ?? 0;
                if (from === 0 && to === 0) return null;
                return (
                  <tr key={metric}>
                    <th scope="row" className={styles.coefficient}>
                      {WEIGHT_METRIC_LABELS[metric]}
                    </th>
                    <td>{formatWeight(from)}</td>
                    <td>
                      <strong>{formatWeight(to)}</strong> <span className={styles.fitChange}>{formatChange(to - from)}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
      <div className="table-wrap">
        <table className="table">
          <caption className={styles.fitCaption}>Cut-offs, fitted with the weights</caption>
          <thead>
            <tr>
              <th scope="col">Cut-off</th>
              <th scope="col">Today</th>
              <th scope="col">Proposed</th>
            </tr>
          </thead>
          <tbody>
            {CUTOFF_KEYS.map((key) => (
              <tr key={key}>
                <th scope="row" className={styles.coefficient}>
                  {CUTOFF_NAMES[key]}
                </th>
                <td>{formatScore(report.current.cutoffs[key])}</td>
                <td className="strong">{formatScore(fit.proposal.cutoffs[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <strong>{formatCount(report.turnsChanging)}</strong> of {formatCount(report.turnsTotal)} turns would change level ({formatCount(report.sessionsChanging)} sessions).
      </p>
    </>
  );
}
