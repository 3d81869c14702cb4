"use client";

import { useActionState, useRef, useState } from "react";
import { createCascadeAction } from "@/app/settings/judges/cascades/actions";
import { Alert } from "@/components/ui/alert";
import { Field, SelectField } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import { DEFAULT_TOLERANCE } from "@/lib/cascade/propose-band";
import type { ActionState } from "@/lib/server/auth/guards";
import type { CascadeBandProposal } from "@/lib/server/cascades/propose-cascade-band";
import type { JudgeOption } from "@/lib/server/panels/list-panels";
import styles from "./cascades.module.css";
import { useBandProposal } from "./use-band-proposal";

const formatKappa = (value: number | null) => (value === null ? "undefined" : value.toFixed(3));
/** A band edge for reading (0.8310000000000001 → 0.831); the fields get the exact suggested width. */
const shown = (value: number) => String(Number(value.toPrecision(10)));

function ProposalResult({ proposal, onUse }: { proposal: CascadeBandProposal; onUse: (halfWidth: number) => void }) {
  const { kappa, n } = proposal;
  const figures = `κ quadratic on ${n.toLocaleString("en")} rated turns: screener alone ${formatKappa(kappa.screener)}, strong judge alone ${formatKappa(kappa.strong)}`;
  if (n === 0) return <Alert tone="warning">No rated turn has a score from both judges, so there is nothing to calibrate the band on. Rate some of the turns both judges scored first.</Alert>;
  if (proposal.target === null) return <Alert tone="warning">The strong judge&apos;s agreement with people is undefined on these turns ({figures}); no band can be proposed.</Alert>;
  if (proposal.isScreenerEnough) {
    return (
      <Alert tone="success">
        The screener alone is within {proposal.tolerance} of the strong judge ({figures}): no turn needs the strong judge.
      </Alert>
    );
  }
  const w = proposal.suggestedHalfWidth!;
  const share = Math.round((100 * proposal.escalated) / n);
  return (
    <div className={styles.proposal} role="status">
      <p>
        <strong>
          Proposed band: {shown(proposal.cutoff - w)} to {shown(proposal.cutoff + w)} (cut-off ± {shown(w)})
        </strong>
        . It sends {proposal.escalated.toLocaleString("en")} of {n.toLocaleString("en")} rated turns ({share} %) to the strong judge and reaches κ
        quadratic {formatKappa(kappa.cascade)}, within {proposal.tolerance} of the strong judge alone.
      </p>
      <p className="muted">{figures}.</p>
      <button type="button" className="button button-secondary button-small" onClick={() => onUse(w)}>
        Use this band
      </button>
    </div>
  );
}

/** The "New cascade" form: a screener, a strong judge, a cut-off and a band, which "Propose band" can fill in. */
export function CascadeForm({ candidates, defaultCutoff }: { candidates: JudgeOption[]; defaultCutoff: number }) {
  const [state, action] = useActionState<ActionState, FormData>(createCascadeAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  const form = useRef<HTMLFormElement>(null);
  const proposal = useBandProposal();
  const [band, setBand] = useState({ below: values?.below ?? "", above: values?.above ?? "" });
  if (candidates.length < 2) return <p className="muted">A cascade needs two judges with scores. Run an LLM judge, or import scores from another judge, first.</p>;
  const options = [{ value: "", label: "Choose a judge" }, ...candidates.map((j) => ({ value: String(j.id), label: `${j.name} ${j.version} (${j.kind}; ${j.scores.toLocaleString("en")} scores)` }))];
  const propose = () => {
    const data = new FormData(form.current!);
    const read = (key: string) => String(data.get(key) ?? "");
    proposal.mutate({ screener: read("screener"), strong: read("strong"), cutoff: read("cutoff"), tolerance: read("tolerance") });
  };
  return (
    <form ref={form} action={action} className={`form ${styles.grid}`} noValidate aria-label="New cascade">
      <Field label="Name" name="name" defaultValue={values?.name ?? ""} placeholder="e.g. mini then large" required error={errors?.name} />
      <SelectField label="Screener (cheap, scores every turn)" name="screener" options={options} defaultValue={values?.screener ?? ""} error={errors?.screener} />
      <SelectField label="Strong judge (settles the borderline turns)" name="strong" options={options} defaultValue={values?.strong ?? ""} error={errors?.strong} />
      <Field
        label="Cut-off"
        name="cutoff"
        type="number"
        step="any"
        defaultValue={values?.cutoff ?? String(defaultCutoff)}
        error={errors?.cutoff}
        hint="On the screener's score scale; the active Good cut-off by default."
      />
      <Field
        label="Tolerance"
        name="tolerance"
        type="number"
        step="any"
        min={0}
        max={1}
        defaultValue={values?.tolerance ?? String(DEFAULT_TOLERANCE)}
        error={errors?.tolerance}
        hint="How far below the strong judge's κ quadratic the cascade may be."
      />
      <div className={styles.wide}>
        <button type="button" className="button button-secondary" onClick={propose} disabled={proposal.isPending} aria-busy={proposal.isPending || undefined}>
          {proposal.isPending ? "Proposing…" : "Propose band"}
        </button>
        <div aria-live="polite" className={styles.proposalSlot}>
          {proposal.isError ? <Alert tone="error">{proposal.error.message}</Alert> : null}
          {proposal.data ? <ProposalResult proposal={proposal.data} onUse={(w) => setBand({ below: String(w), above: String(w) })} /> : null}
        </div>
      </div>
      <Field
        label="Band below the cut-off"
        name="below"
        type="number"
        step="any"
        min={0}
        value={band.below}
        onChange={(event) => setBand({ ...band, below: event.target.value })}
        error={errors?.below}
        hint="Screener scores down to cut-off − this go to the strong judge."
      />
      <Field
        label="Band above the cut-off"
        name="above"
        type="number"
        step="any"
        min={0}
        value={band.above}
        onChange={(event) => setBand({ ...band, above: event.target.value })}
        error={errors?.above}
        hint="And up to cut-off + this. Both edges are in the band."
      />
      <div className={`form-actions ${styles.wide}`}>
        <SubmitButton pendingText="Creating…">Create cascade</SubmitButton>
      </div>
      <div className={`form-result ${styles.wide}`}>
        <FormResult state={state} />
      </div>
    </form>
  );
}
