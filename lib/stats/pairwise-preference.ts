import { cohenKappa, type KappaReport } from "./cohen-kappa.ts";
import { DEFAULT_CONFIDENCE } from "./correlation-inference.ts";

/** A pairwise verdict; `model_a` < `tie` < `model_b` is the order used by the 3-way κ. */
export type Preference = "model_a" | "tie" | "model_b";
export const PREFERENCE_ORDER: readonly Preference[] = ["model_a", "tie", "model_b"];

export type PairwiseInput = {
  human: readonly Preference[];
  /** the final verdict: the passes' common winner, or `tie` when they disagree */
  judge: readonly Preference[];
  /** first pass (A shown first) and second pass (B shown first, mapped back to A/B) */
  pass1?: readonly Preference[];
  pass2?: readonly Preference[];
};

export type PairwiseAgreement = {
  n: number;
  agreementWithTies: number | null;
  agreementWithoutTies: number | null;
  nWithoutTies: number;
  positionConsistency: number | null;
  pass1Accuracy: number | null;
  pass2Accuracy: number | null;
  kappa: KappaReport<Preference>;
};

/**
 * Agreement of a pairwise judge with human preferences (seed 001; Zheng et al. 2023,
 * "Judging LLM-as-a-judge", §3–4):
 * - agreement with ties: #{judge = human} / n, a tie being a verdict like any other;
 * - agreement without ties: the same over the items where neither human nor judge says tie
 *   (their count is nWithoutTies);
 * - position consistency: #{pass1 = pass2} / n, pass 2 already mapped back to A/B;
 * - pass accuracy: #{pass_k = human} / n;
 * - κ (unweighted, linear, quadratic) on the ordered labels model_a < tie < model_b.
 * Proportions are null when their denominator is 0 or the passes are not given.
 */
export function pairwiseAgreement(input: PairwiseInput, confidence = DEFAULT_CONFIDENCE): PairwiseAgreement {
  const { human, judge, pass1, pass2 } = input;
  const n = human.length;
  for (const [name, list] of [["judge", judge], ["pass1", pass1], ["pass2", pass2]] as const) {
    if (list && list.length !== n) throw new RangeError(`${name} has ${list.length} verdicts, human has ${n}`);
  }
  const share = (count: number, of: number) => (of > 0 ? count / of : null);
  const matches = (a: readonly Preference[], b: readonly Preference[]) => a.reduce((s, v, i) => s + (v === b[i] ? 1 : 0), 0);
  let nWithoutTies = 0;
  let agreeWithoutTies = 0;
  for (let i = 0; i < n; i++) {
    if (human[i] === "tie" || judge[i] === "tie") continue;
    nWithoutTies++;
    if (human[i] === judge[i]) agreeWithoutTies++;
  }
  return {
    n,
    agreementWithTies: share(matches(human, judge), n),
    agreementWithoutTies: share(agreeWithoutTies, nWithoutTies),
    nWithoutTies,
    positionConsistency: pass1 && pass2 ? share(matches(pass1, pass2), n) : null,
    pass1Accuracy: pass1 ? share(matches(pass1, human), n) : null,
    pass2Accuracy: pass2 ? share(matches(pass2, human), n) : null,
    kappa: cohenKappa(human, judge, PREFERENCE_ORDER, confidence),
  };
}
