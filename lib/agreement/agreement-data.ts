import type { Preference } from "@/lib/stats";

// What the database hands the report: plain, column-wise arrays (one entry per unit, one
// per rating), so that 100 000s of turns stay cheap to move and to cache.

/**
 * One unit per turn and rating criterion that has both human ratings and a score from the
 * scope's judge, ordered by turn id then criterion.
 */
export type AgreementUnits = {
  turnId: number[];
  sessionId: number[];
  persona: string[];
  /** What the ratings judged: the rating's criterion, or a generic dataset's dimension. */
  criterion: string[];
  /** The criterion as stored on the ratings (and on adjudications). */
  ratingCriterion: string[];
  wordCount: number[];
  /** The judge's overall score. */
  score: number[];
  adjudicated: (number | null)[];
  /** The gold level of the turn, when it is a gold item. */
  gold: (number | null)[];
  /** The turn's UTC day (days since 1970-01-01): its log timestamp's, else its session's start. */
  day: number[];
  importId: (number | null)[];
};

/** Every rating of those units: `unit` indexes AgreementUnits; `rater` is a stable key. */
export type AgreementRatings = { unit: number[]; rater: string[]; level: number[] };

/** Pairwise comparisons by the scope's judge that also carry a human verdict. */
export type PairwiseRows = {
  pass1: (Preference | null)[];
  pass2: (Preference | null)[];
  winner: (Preference | null)[];
  human: Preference[];
  /** the final verdict's confidence (else the mean of the passes'), when the judge gave one */
  confidence: (number | null)[];
};

export type AgreementData = { units: AgreementUnits; ratings: AgreementRatings; pairwise: PairwiseRows };

export type Cutoffs = { fair: number; good: number; excellent: number };

export function emptyAgreementData(): AgreementData {
  return {
    units: { turnId: [], sessionId: [], persona: [], criterion: [], ratingCriterion: [], wordCount: [], score: [], adjudicated: [], gold: [], day: [], importId: [] },
    ratings: { unit: [], rater: [], level: [] },
    pairwise: { pass1: [], pass2: [], winner: [], human: [], confidence: [] },
  };
}
