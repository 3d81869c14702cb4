import "server-only";
import type { QueueCandidate } from "@/lib/queue/order";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import type { QueueConfig } from "./get-queue-config";
import { inScope, isGold, openFor } from "./queue-conditions";

/** Candidates per persona, cut-off and direction. */
const PER_PROBE = 3;

/**
 * The open turns worth offering to this rater next, for lib/queue/order.ts to choose from:
 * for each persona in scope and each quality cut-off, the nearest open turns just above and
 * just below it, among the turns with the fewest ratings that have any open turn. Each probe
 * walks the (persona_id, rating_count, judge_score) index outwards from a cut-off, and the
 * personas come from a skip scan of the same index, so the cost does not grow with the
 * number of turns.
 */
export async function findQueueCandidates(raterId: number, { settings, scope, cutoffs }: QueueConfig): Promise<QueueCandidate[]> {
  const personas = scope.personaId
    ? Prisma.sql`SELECT ${scope.personaId}::text AS persona_id`
    : Prisma.sql`SELECT persona_id FROM all_personas WHERE persona_id IS NOT NULL`;
  const cuts = [cutoffs.fair, cutoffs.good, cutoffs.excellent];
  const open = Prisma.sql`${inScope(scope)} AND ${openFor(raterId, settings)} AND NOT ${isGold}`;
  for (let tier = 0; tier < settings.ratingsPerTurn; tier++) {
    const candidates = await getDb().$queryRaw<QueueCandidate[]>`
      WITH RECURSIVE all_personas AS (
        (SELECT persona_id FROM queue_items ORDER BY persona_id LIMIT 1)
        UNION ALL
        SELECT (SELECT q.persona_id FROM queue_items q WHERE q.persona_id > p.persona_id ORDER BY q.persona_id LIMIT 1)
        FROM all_personas p WHERE p.persona_id IS NOT NULL
      ), personas AS (${personas})
      SELECT c.turn_id AS "turnId", c.persona_id AS "personaId", c.rating_count AS "ratingCount", c.judge_score AS "judgeScore"
      FROM personas p
      CROSS JOIN unnest(${cuts}::float8[]) AS cut(value)
      CROSS JOIN LATERAL (
        (SELECT q.turn_id, q.persona_id, q.rating_count, q.judge_score FROM queue_items q
          WHERE q.persona_id = p.persona_id AND q.rating_count = ${tier}::int AND q.judge_score >= cut.value AND ${open}
          ORDER BY q.judge_score ASC LIMIT ${PER_PROBE}::int)
        UNION ALL
        (SELECT q.turn_id, q.persona_id, q.rating_count, q.judge_score FROM queue_items q
          WHERE q.persona_id = p.persona_id AND q.rating_count = ${tier}::int AND q.judge_score < cut.value AND ${open}
          ORDER BY q.judge_score DESC LIMIT ${PER_PROBE}::int)
      ) c`;
    if (candidates.length > 0) return candidates;
  }
  return [];
}
