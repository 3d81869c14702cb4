import "server-only";
import type { QueueScope } from "@/lib/queue/settings.schema";
import { checkRatingValues, toStoredValue, type RatingValues } from "@/lib/rubric/rating-values";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { getRubricVersion } from "../rubrics/get-rubric-version";
import { inScope } from "./queue-conditions";

export type SubmitRatingInput = {
  raterId: number;
  turnId: number;
  rubricVersionId: number;
  /** An answer per criterion key: a level, a label, a set of labels or a number, by the criterion's type. */
  values: RatingValues;
  rationale: string | null;
  timeSpentMs: number;
  ratingsPerTurn: number;
  /** The queue's scope now: a turn outside it is refused even under a lease taken before it changed. */
  scope: QueueScope;
};

export type RefusalReason = "not_in_queue" | "out_of_scope" | "no_lease" | "full" | "held_by_other";

export type SubmitOutcome =
  | { status: "saved"; isGold: boolean }
  /** The rater had already rated this turn (a second tab, a retried request): nothing stored. */
  | { status: "duplicate" }
  | { status: "refused"; reason: RefusalReason; message: string };

type Row = { found: boolean; in_scope: boolean; rating_count: number; is_gold: boolean; is_rated: boolean; holder: number | null; stored: number };

/**
 * Stores one rating, and only for a turn the queue gave this rater: they must hold an
 * unexpired lease on it (taken by takeNextItem or leaseTurn) and it must be in the queue's
 * scope, so a rater cannot rate a turn of their choosing by posting its id. (An admin who
 * wants to correct a turn's label adjudicates it instead: recorded as such, in its own table.)
 * It stores a row per criterion (level, score, label or labels by the criterion's
 * type in the rating's rubric version, each checked against it) with its provenance: rubric
 * version, time spent, whether the turn is a gold item, and the lease's inclusion probability
 * under the sampled design (lib/queue/inclusion.ts). One statement: it locks the turn's queue row first, so
 * concurrent submits on a turn run one after the other and the turn never passes k ratings
 * (gold items excepted: every rater rates them); the unique (turn, rater, criterion) makes a
 * second submit by the same rater store nothing, and it is reported as a harmless duplicate.
 */
export async function submitRating(input: SubmitRatingInput): Promise<SubmitOutcome> {
  const { raterId, turnId, values } = input;
  const rubric = await getRubricVersion(input.rubricVersionId);
  if (!rubric) throw new DomainError("invalid", "That rubric version does not exist. Reload the page.");
  const personaId = rubric.content.criteria.some((c) => c.personas.length > 0) ? await findPersona(turnId) : "";
  if (personaId === null) return refused("not_in_queue", "This turn is not in the rating queue.");
  const problems = checkRatingValues(rubric.content, personaId, values);
  if (Object.keys(problems).length > 0) throw new DomainError("invalid", Object.values(problems)[0], problems);

  const rows = rubric.content.criteria
    .filter((criterion) => values[criterion.key] !== undefined)
    .map((criterion) => ({ criterion: criterion.key, ...toStoredValue(criterion, values[criterion.key]) }));
  const db = getDb();
  const [row] = await db.$queryRaw<Row[]>`
    WITH item AS (
      SELECT q.turn_id, q.rating_count, ${inScope(input.scope)} AS in_scope FROM queue_items q WHERE q.turn_id = ${turnId}::int FOR UPDATE
    ), state AS (
      SELECT item.turn_id, item.rating_count, item.in_scope,
        EXISTS (SELECT 1 FROM gold_items g WHERE g.turn_id = item.turn_id AND g.criterion = 'overall') AS is_gold,
        EXISTS (SELECT 1 FROM ratings r WHERE r.turn_id = item.turn_id AND r.rater_id = ${raterId}::int AND r.criterion = 'overall') AS is_rated,
        live.rater_id AS holder, live.inclusion_probability, COALESCE(live.is_escalated, false) AS is_escalated
      FROM item LEFT JOIN rating_leases live ON live.turn_id = item.turn_id AND live.expires_at > now()
    ), stored AS (
      INSERT INTO ratings (turn_id, rater_id, rubric_version_id, criterion, level, score, label, labels, rationale, time_spent_ms, is_gold, source,
        inclusion_probability, is_escalated)
      SELECT state.turn_id, ${raterId}::int, ${rubric.versionId}::int, c.criterion, c.level, c.score, c.label, c.labels,
        CASE WHEN c.criterion = ${OVERALL_CRITERION} THEN ${input.rationale}::text END, ${input.timeSpentMs}::int, state.is_gold, 'queue',
        state.inclusion_probability, state.is_escalated
      FROM state CROSS JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS c(criterion text, level int, score float8, label text, labels text[])
      WHERE NOT state.is_rated
        AND state.holder = ${raterId}::int AND state.in_scope
        AND (state.is_gold OR state.rating_count < ${input.ratingsPerTurn}::int)
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), released AS (
      DELETE FROM rating_leases l USING state WHERE l.turn_id = state.turn_id AND l.rater_id = ${raterId}::int
    )
    SELECT true AS found, state.in_scope, state.rating_count, state.is_gold, state.is_rated, state.holder, (SELECT count(*)::int FROM stored) AS stored
    FROM state
    UNION ALL
    SELECT false, false, 0, false, false, NULL, 0 WHERE NOT EXISTS (SELECT 1 FROM state)`;

  if (!row.found) return refused("not_in_queue", "This turn is not in the rating queue.");
  if (row.stored > 0) return { status: "saved", isGold: row.is_gold };
  if (row.is_rated) return { status: "duplicate" };
  if (row.holder !== null && row.holder !== raterId) {
    return refused("held_by_other", "Your time on this item ran out and another rater has it now; your rating was not stored.");
  }
  if (!row.in_scope) return refused("out_of_scope", "This turn is no longer in the queue's scope; your rating was not stored.");
  if (row.holder === null) {
    // Either the lease ran out, or it was never given (an id posted by hand): a second
    // submit of a rating just stored also lands here, as its lease went with the first.
    if (await isRatedBy(turnId, raterId)) return { status: "duplicate" };
    return refused("no_lease", "This item is not (or no longer) yours to rate: take it from the queue. Your rating was not stored.");
  }
  // Nothing stored while allowed, or refused as full: the statement's snapshot predates a
  // submit it waited for; if that was this rater's own, this one is a duplicate.
  if (await isRatedBy(turnId, raterId)) return { status: "duplicate" };
  return refused("full", "This item received its ratings from other raters in the meantime; your rating was not stored.");
}

async function findPersona(turnId: number): Promise<string | null> {
  const item = await getDb().queueItem.findUnique({ where: { turnId }, select: { personaId: true } });
  return item?.personaId ?? null;
}

async function isRatedBy(turnId: number, raterId: number): Promise<boolean> {
  return (await getDb().rating.count({ where: { turnId, raterId, criterion: OVERALL_CRITERION } })) > 0;
}

function refused(reason: RefusalReason, message: string): SubmitOutcome {
  return { status: "refused", reason, message };
}
