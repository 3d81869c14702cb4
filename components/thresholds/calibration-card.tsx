"use client";

import { useActionState } from "react";
import { saveThresholdsAction } from "@/app/settings/thresholds/actions";
import { Alert } from "@/components/ui/alert";
import type { QualityCutoffs } from "@/lib/judge";
import type { ActionState } from "@/lib/server/auth/guards";
import type { SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import type { ThresholdVersionRecord } from "@/lib/server/thresholds/threshold-version-record";
import { CUTOFF_KEYS } from "@/lib/thresholds/draft-fields";
import { formatCoefficient, formatCount, formatScore } from "./format";
import styles from "./thresholds.module.css";
import { useCalibrationProposal } from "./use-calibration-proposal";

type Props = { active: ThresholdVersionRecord; nextVersion: number; onTry: (cutoffs: QualityCutoffs) => void };

const NAMES = { excellent: "Excellent ≥", good: "Good ≥", fair: "Fair ≥" } as const;

/** The calibration assistant: κ-maximising cut-offs from the human ratings, applied in one click. */
export function CalibrationCard({ active, nextVersion, onTry }: Props) {
  const calibration = useCalibrationProposal(active.id);
  const [state, action, isPending] = useActionState<ActionState<SavedThresholdVersion>, FormData>(saveThresholdsAction, { status: "idle" });
  const result = calibration.data;
  const proposal = result?.status === "proposal" ? result.proposal : null;
  const isSame = proposal !== null && CUTOFF_KEYS.every((key) => proposal.cutoffs[key] === active.cutoffs[key]);

  return (
    <section className={`card ${styles.calibration}`} aria-labelledby="calibration-title">
      <h2 id="calibration-title">Calibration assistant</h2>
      <p className="field-hint">
        Proposes the cut-offs that maximise quadratic-weighted κ between the judge&apos;s level and the human level, under the active weights. The k-fold figure
        fits the cut-offs without the turns it scores: expect it on new ratings, not the in-sample one.
      </p>
      {calibration.isPending ? <p className="muted">Looking at the ratings…</p> : null}
      {calibration.isError ? <Alert tone="error">The assistant failed: {calibration.error.message}</Alert> : null}
      {result?.status === "refused" ? <Alert tone="info">No proposal yet. {result.reason}</Alert> : null}
      {proposal ? (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Proposed cut-offs</caption>
              <thead>
                <tr>
                  <th scope="col">Cut-off</th>
                  <th scope="col">Active</th>
                  <th scope="col">Proposed</th>
                </tr>
              </thead>
              <tbody>
                {CUTOFF_KEYS.map((key) => (
                  <tr key={key}>
                    <th scope="row" className={styles.coefficient}>
                      {NAMES[key]}
                    </th>
                    <td>{formatScore(active.cutoffs[key])}</td>
                    <td className="strong">{formatScore(proposal.cutoffs[key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Quadratic κ in-sample <strong>{formatCoefficient(proposal.kappaInSample)}</strong>, {proposal.folds}-fold cross-validated{" "}
            <strong>{formatCoefficient(proposal.kappaCrossValidated)}</strong>, from <strong>{formatCount(proposal.n)}</strong> rated turns.
          </p>
          {isSame ? (
            <Alert tone="success">The active cut-offs are already the best on these ratings.</Alert>
          ) : (
            <form action={action} className={styles.applyForm} aria-label="Apply the proposal">
              <input type="hidden" name="draft" value={JSON.stringify({ cutoffs: proposal.cutoffs, weights: active.weights })} />
              <input type="hidden" name="basedOnId" value={active.id} />
              <div className="field">
                <label htmlFor="calibration-note">Note</label>
                <input id="calibration-note" name="note" key={result?.status === "proposal" ? result.note : ""} defaultValue={result?.status === "proposal" ? result.note : ""} />
              </div>
              <div className={styles.actions}>
                <button type="submit" className="button button-primary" disabled={isPending}>
                  {isPending ? "Applying…" : `Apply as version ${nextVersion}`}
                </button>
                <button type="button" className="button button-secondary" onClick={() => onTry(proposal.cutoffs)}>
                  Try in the editor
                </button>
              </div>
            </form>
          )}
        </>
      ) : null}
      {state.status === "error" ? <Alert tone="error">{state.fieldErrors?.note ?? state.error}</Alert> : null}
      {state.status === "ok" ? <Alert tone="success">{state.message}</Alert> : null}
    </section>
  );
}
