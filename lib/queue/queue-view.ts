import type { RatingValues } from "@/lib/rubric/rating-values";
import type { ActiveRubric } from "@/lib/rubric/rubric.schema";

// What the rating queue sends to the browser. Deliberately no judge score, no judge level,
// no metrics, no raw log line and no other rater's rating: a rater must not see any of it
// before rating (SPEC §4), and whatever a client component receives is in the page payload.

export type EarlierTurn = { turnId: number; ordinal: number; personaId: string; personaName: string | null; response: string };

export type QueueItemView = {
  turnId: number;
  sessionLabel: string;
  ordinal: number;
  personaId: string;
  personaName: string | null;
  personaRole: string | null;
  depthIndex: number | null;
  stepIndex: number | null;
  response: string;
  seedPrompt: string | null;
  earlierTurns: EarlierTurn[];
  /** Earlier turns not sent because the session is long. */
  omittedEarlierTurns: number;
};

export type QueueView = {
  item: QueueItemView | null;
  rubric: ActiveRubric;
  /** The rater's last rating, while it can still be undone. */
  undo: { turnId: number; secondsLeft: number } | null;
  /** The rater's own answers, when they undid a rating and see its item again. */
  prefill: { values: RatingValues; rationale: string } | null;
  notice: string | null;
};

/** The rater's own count and the work left in the queue (GET /api/queue/progress). */
export type RaterProgress = {
  ratedTotal: number;
  ratedToday: number;
  /** Items in the queue's scope that still want ratings, and how many ratings in all. */
  openItems: number;
  ratingsWanted: number;
  ratingsPerTurn: number;
};
