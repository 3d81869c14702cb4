import { pairwiseAgreement, type Preference } from "@/lib/stats";
import type { PairwiseRows } from "./agreement-data";
import { smallSampleFlags, type SmallSampleFlags } from "./small-samples";

export type PairwiseFigures = {
  n: number;
  agreementWithTies: number | null;
  agreementWithoutTies: number | null;
  nWithoutTies: number;
  kappa: {
    labels: Preference[];
    matrix: number[][];
    exactAgreement: number | null;
    unweighted: number | null;
    linear: number | null;
    quadratic: number | null;
    quadraticCi: [number, number] | null;
  };
  /** Over the comparisons that kept both passes (n of them). */
  passes: { n: number; positionConsistency: number | null; pass1Accuracy: number | null; pass2Accuracy: number | null };
  smallSample: SmallSampleFlags;
};

/**
 * Agreement of the judge's pairwise verdicts with the humans' (seed 001). A comparison
 * without a stored final verdict takes the protocol's: the passes' common winner, else a tie.
 * Null when the scope's judge has no comparison with a human verdict.
 */
export function pairwiseFigures(rows: PairwiseRows): PairwiseFigures | null {
  const human: Preference[] = [];
  const judge: Preference[] = [];
  const withPasses = { human: [] as Preference[], judge: [] as Preference[], pass1: [] as Preference[], pass2: [] as Preference[] };
  for (let i = 0; i < rows.human.length; i++) {
    const pass1 = rows.pass1[i];
    const pass2 = rows.pass2[i];
    const verdict = rows.winner[i] ?? (pass1 && pass2 ? (pass1 === pass2 ? pass1 : "tie") : null);
    if (verdict === null) continue;
    human.push(rows.human[i]);
    judge.push(verdict);
    if (pass1 && pass2) {
      withPasses.human.push(rows.human[i]);
      withPasses.judge.push(verdict);
      withPasses.pass1.push(pass1);
      withPasses.pass2.push(pass2);
    }
  }
  if (human.length === 0) return null;
  const all = pairwiseAgreement({ human, judge });
  const passes = pairwiseAgreement(withPasses);
  return {
    n: all.n,
    agreementWithTies: all.agreementWithTies,
    agreementWithoutTies: all.agreementWithoutTies,
    nWithoutTies: all.nWithoutTies,
    kappa: {
      labels: [...all.kappa.labels],
      matrix: all.kappa.matrix,
      exactAgreement: all.kappa.exactAgreement,
      unweighted: all.kappa.unweighted.value,
      linear: all.kappa.linear.value,
      quadratic: all.kappa.quadratic.value,
      quadraticCi: all.kappa.quadratic.ci,
    },
    passes: {
      n: passes.n,
      positionConsistency: passes.positionConsistency,
      pass1Accuracy: passes.pass1Accuracy,
      pass2Accuracy: passes.pass2Accuracy,
    },
    smallSample: smallSampleFlags(all.n),
  };
}
