import { pairwiseAgreement, type Preference } from "@/lib/stats";
import { brierScore, expectedCalibrationError, reliabilityBins } from "@/lib/stats/calibration-error";
import type { PairwiseRows } from "./agreement-data";
import { smallSampleFlags, type SmallSampleFlags } from "./small-samples";
import type { CalibrationFigures } from "./task-figures";

/** Agreement with the humans on a subset of the comparisons. */
export type AgreementShare = { n: number; agreement: number | null };

/** The confidence bands of the "agreement by confidence" table: [lower, upper), the last closed. */
export const CONFIDENCE_BANDS: readonly [number, number][] = [
  [0, 0.5],
  [0.5, 0.7],
  [0.7, 0.9],
  [0.9, 1],
];

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
  /** The final verdict's confidence against whether it matched the human one; null without any confidence. */
  calibration: CalibrationFigures | null;
  /** Agreement in each of CONFIDENCE_BANDS, over the comparisons with a confidence. */
  byConfidence: (AgreementShare & { lower: number; upper: number })[];
  /** Agreement where both passes named the same winner, and where the order changed it. */
  byConsistency: { consistent: AgreementShare; flipped: AgreementShare };
  smallSample: SmallSampleFlags;
};

function share(hits: boolean[]): AgreementShare {
  return { n: hits.length, agreement: hits.length > 0 ? hits.filter(Boolean).length / hits.length : null };
}

/** The band of CONFIDENCE_BANDS a confidence falls in (1 in the last). */
function bandOf(confidence: number): number {
  const index = CONFIDENCE_BANDS.findIndex(([, upper]) => confidence < upper);
  return index === -1 ? CONFIDENCE_BANDS.length - 1 : index;
}

/**
 * Seed 001's secondary figures for pairwise judging: whether the judge's confidence tells
 * when it agrees with people (ECE over ten equal-width bins, Brier score, the reliability
 * bins, and agreement by confidence band), and whether a verdict that survived the position
 * swap agrees more often than one that flipped.
 */
function confidenceFigures(
  hits: boolean[],
  confidence: (number | null)[],
  consistent: (boolean | null)[],
): Pick<PairwiseFigures, "calibration" | "byConfidence" | "byConsistency"> {
  const given: number[] = [];
  const right: boolean[] = [];
  const bands: boolean[][] = CONFIDENCE_BANDS.map(() => []);
  hits.forEach((hit, i) => {
    const c = confidence[i];
    if (c === null) return;
    given.push(c);
    right.push(hit);
    bands[bandOf(c)].push(hit);
  });
  const calibration =
    given.length === 0 ? null : { n: given.length, ece: expectedCalibrationError(given, right), brier: brierScore(given, right), bins: reliabilityBins(given, right) };
  return {
    calibration,
    byConfidence: CONFIDENCE_BANDS.map(([lower, upper], b) => ({ lower, upper, ...share(bands[b]) })),
    byConsistency: {
      consistent: share(hits.filter((_, i) => consistent[i] === true)),
      flipped: share(hits.filter((_, i) => consistent[i] === false)),
    },
  };
}

/**
 * Agreement of the judge's pairwise verdicts with the humans' (seed 001). A comparison
 * without a stored final verdict takes the protocol's: the passes' common winner, else a tie.
 * Null when the scope's judge has no comparison with a human verdict.
 */
export function pairwiseFigures(rows: PairwiseRows): PairwiseFigures | null {
  const human: Preference[] = [];
  const judge: Preference[] = [];
  const withPasses = { human: [] as Preference[], judge: [] as Preference[], pass1: [] as Preference[], pass2: [] as Preference[] };
  const confidence: (number | null)[] = [];
  const consistent: (boolean | null)[] = [];
  for (let i = 0; i < rows.human.length; i++) {
    const pass1 = rows.pass1[i];
    const pass2 = rows.pass2[i];
    const verdict = rows.winner[i] ?? (pass1 && pass2 ? (pass1 === pass2 ? pass1 : "tie") : null);
    if (verdict === null) continue;
    human.push(rows.human[i]);
    judge.push(verdict);
    confidence.push(rows.confidence[i] ?? null);
    consistent.push(pass1 && pass2 ? pass1 === pass2 : null);
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
    ...confidenceFigures(
      human.map((h, i) => h === judge[i]),
      confidence,
      consistent,
    ),
    smallSample: smallSampleFlags(all.n),
  };
}
