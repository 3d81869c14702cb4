import type { PassWinner } from "./pairwise-output.schema";

/** A pass's verdict in the original labelling: "A" is always the first turn of the pair. */
export type PassVerdict = { winner: PassWinner; confidence: number };

export type PairVerdict = {
  winner: PassWinner;
  confidence: number;
  positionConsistency: { consistent: boolean; firstPassWinner: PassWinner; secondPassWinner: PassWinner };
};

/** Pass 2 shows B first, so its "A" is the original B: swap the labels back (TIE stays). */
export function mapSecondPass(verdict: PassVerdict): PassVerdict {
  const winner = verdict.winner === "A" ? "B" : verdict.winner === "B" ? "A" : "TIE";
  return { winner, confidence: verdict.confidence };
}

/** Confidence given to a pair whose two passes disagree (seed 001). */
export const INCONSISTENT_CONFIDENCE = 0.5;

/**
 * Seed 001's position-bias protocol: pass 1 with A first, pass 2 with B first (already
 * mapped back). Passes that agree give their winner with the mean confidence; passes that
 * disagree give TIE with confidence 0.5.
 */
export function combinePasses(firstPass: PassVerdict, secondPassMapped: PassVerdict): PairVerdict {
  const consistent = firstPass.winner === secondPassMapped.winner;
  return {
    winner: consistent ? firstPass.winner : "TIE",
    confidence: consistent ? (firstPass.confidence + secondPassMapped.confidence) / 2 : INCONSISTENT_CONFIDENCE,
    positionConsistency: { consistent, firstPassWinner: firstPass.winner, secondPassWinner: secondPassMapped.winner },
  };
}

/** The stored form (pairwise_winner): model_a < tie < model_b. */
export function toStoredWinner(winner: PassWinner): "model_a" | "tie" | "model_b" {
  return winner === "A" ? "model_a" : winner === "B" ? "model_b" : "tie";
}
