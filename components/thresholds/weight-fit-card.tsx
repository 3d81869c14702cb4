"use client";

import { useActionState, useState } from "react";
import { saveThresholdsAction } from "@/app/settings/thresholds/actions";
import { Alert } from "@/components/ui/alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { ActionState } from "@/lib/server/auth/guards";
import type { SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import type { ThresholdVersionRecord } from "@/lib/server/thresholds/threshold-version-record";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";
import { CUTOFF_KEYS } from "@/lib/thresholds/draft-fields";
import { personaLabel, WEIGHT_METRIC_LABELS } from "@/lib/thresholds/weights";
import { formatCount, formatScore } from "./format";
import styles from "./thresholds.module.css";
import { useWeightFit } from "./use-weight-fit";
import { formatWeight, WeightFitProposal, type WeightFitProposalReport } from "./weight-fit-proposal";

type Props = { active: ThresholdVersionRecord; nextVersion: number; onTry: (thresholds: Thresholds) => void };

/**
 * Fitted persona weights: the weights and cut-offs that best agree with the human levels,
 * fitted in the background, judged out of fold against today's, applied as a new version
 * after a confirmation that lists what changes.
 */
export function WeightFitCard({ active, nextVersion, onTry }: Props) {
  const { state, start } = useWeightFit(active.id);
  const data = state.data;
  const report = data?.status === "ready" && data.report.status === "proposal" ? data.report : null;

  return (
    <section className={`card ${styles.calibration}`} aria-labelledby="weight-fit-title">
      <h2 id="weight-fit-title">Fit weights to ratings</h2>
      <p className="field-hint">
        Fits each persona&apos;s metric weights (summing to 1) together with the cut-offs, to agree best with the human levels, and pulls them back toward today&apos;s weights as far as
        cross-validation says helps. The estimate scores each session with weights fitted without it.
      </p>
      {state.isPending ? <p className="muted">Looking for an earlier fit…</p> : null}
      {state.isError ? <Alert tone="error">The fit could not be loaded: {state.error.message}</Alert> : null}
      {start.isError ? <Alert tone="error">The fit could not be started: {start.error.message}</Alert> : null}
      {data?.status === "idle" || data?.status === "failed" ? (
        <>
          {data.status === "failed" ? <Alert tone="error">The last fit failed: {data.error}</Alert> : null}
          <div className={styles.actions}>
            <button type="button" className="button button-primary" onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? "Starting…" : data.status === "failed" ? "Try again" : "Fit weights"}
            </button>
          </div>
        </>
      ) : null}
      {data?.status === "computing" ? (
        <div className={styles.fitVerdict}>
          <p>
            Fitting in the background: step {formatCount(data.done)} of {formatCount(data.total)}. You can leave this page; the result waits here.
          </p>
          <ProgressBar label="Fitting weights" value={data.done} max={data.total} />
        </div>
      ) : null}
      {data?.status === "ready" && data.report.status === "refused" ? <Alert tone="info">No proposal yet. {data.report.reason}</Alert> : null}
      {report ? <ReadyProposal key={data?.status === "ready" ? data.computedAt : ""} report={report} active={active} nextVersion={nextVersion} onTry={onTry} /> : null}
    </section>
  );
}

function ReadyProposal({ report, active, nextVersion, onTry }: { report: WeightFitProposalReport } & Props) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [state, action, isPending] = useActionState<ActionState<SavedThresholdVersion>, FormData>(saveThresholdsAction, { status: "idle" });
  const { fit } = report;
  const movedPersonas = fit.personas.filter((persona) => persona.moved.length > 0);
  const movedCutoffs = CUTOFF_KEYS.filter((key) => fit.proposal.cutoffs[key] !== report.current.cutoffs[key]);
  const isSame = movedPersonas.length === 0 && movedCutoffs.length === 0;
  const isStale = report.base.id !== active.id;

  return (
    <>
      {fit.heldBack ? <Alert tone="info">{fit.heldBack}</Alert> : null}
      <WeightFitProposal report={report} />
      {state.status === "ok" ? <Alert tone="success">{state.message} Scores under the new weights are recomputed in the background.</Alert> : null}
      {state.status === "error" ? <Alert tone="error">{state.fieldErrors?.note ?? state.error}</Alert> : null}
      {isSame ? <Alert tone="success">Today&apos;s weights and cut-offs are already the best fit to these ratings.</Alert> : null}
      {isStale && state.status !== "ok" ? <Alert tone="warning">This fit was made against version {report.base.version}; fit again for the active version.</Alert> : null}
      {!isSame && !isStale && state.status !== "ok" ? (
        isConfirming ? (
          <form action={action} className={styles.confirm} aria-labelledby="weight-fit-confirm-title">
            <h3 id="weight-fit-confirm-title">Save the fitted weights as version {nextVersion}?</h3>
            <ul>
              {movedPersonas.map((persona) => (
                <li key={persona.persona}>
                  {personaLabel(persona.persona)}: {persona.moved.map((move) => `${WEIGHT_METRIC_LABELS[move.metric].toLowerCase()} ${formatWeight(move.from)} → ${formatWeight(move.to)}`).join(", ")}
                </li>
              ))}
              {movedCutoffs.length > 0 ? (
                <li>Cut-offs: {movedCutoffs.map((key) => `${key} ${formatScore(report.current.cutoffs[key])} → ${formatScore(fit.proposal.cutoffs[key])}`).join(", ")}</li>
              ) : null}
              <li>
                {formatCount(report.turnsChanging)} turns and {formatCount(report.sessionsChanging)} sessions change level; every score is recomputed in the background.
              </li>
            </ul>
            <input type="hidden" name="draft" value={JSON.stringify(fit.proposal)} />
            <input type="hidden" name="basedOnId" value={active.id} />
            <div className="field">
              <label htmlFor="weight-fit-note">Note</label>
              <input id="weight-fit-note" name="note" defaultValue={report.note} />
            </div>
            <div className={styles.actions}>
              <button type="submit" className="button button-primary" disabled={isPending} autoFocus>
                {isPending ? "Applying…" : `Apply as version ${nextVersion}`}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setIsConfirming(false)} disabled={isPending}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className={styles.actions}>
            <button type="button" className="button button-primary" onClick={() => setIsConfirming(true)}>
              Apply…
            </button>
            <button type="button" className="button button-secondary" onClick={() => onTry(fit.proposal)}>
              Try in the editor
            </button>
          </div>
        )
      ) : null}
    </>
  );
}
