import "server-only";
import type { QueueItemView } from "@/lib/queue/queue-view";
import { getDb } from "../db";

/** Earlier turns sent with an item; longer sessions show the latest ones and say so. */
const MAX_EARLIER_TURNS = 40;

/**
 * What a rater sees of a leased turn: its response, its persona, the session's seed prompt
 * and the turns before it. The selects name every column on purpose: no judge score, no
 * metrics, no raw log line (it carries the log's evaluation_metrics) ever leaves here.
 */
export async function getQueueItem(turnId: number): Promise<QueueItemView | null> {
  const db = getDb();
  const turn = await db.turn.findUnique({
    where: { id: turnId },
    select: {
      id: true,
      sessionId: true,
      ordinal: true,
      personaId: true,
      personaName: true,
      personaRole: true,
      depthIndex: true,
      stepIndex: true,
      response: true,
      session: { select: { externalId: true, seedPrompt: true } },
    },
  });
  if (!turn) return null;
  const where = { sessionId: turn.sessionId, ordinal: { lt: turn.ordinal } };
  const [earlier, earlierCount] = await Promise.all([
    db.turn.findMany({
      where,
      orderBy: { ordinal: "desc" },
      take: MAX_EARLIER_TURNS,
      select: { id: true, ordinal: true, personaId: true, personaName: true, response: true },
    }),
    db.turn.count({ where }),
  ]);
  return {
    turnId: turn.id,
    sessionLabel: turn.session.externalId,
    ordinal: turn.ordinal,
    personaId: turn.personaId,
    personaName: turn.personaName,
    personaRole: turn.personaRole,
    depthIndex: turn.depthIndex,
    stepIndex: turn.stepIndex,
    response: turn.response,
    seedPrompt: turn.session.seedPrompt,
    earlierTurns: earlier.reverse().map((t) => ({ turnId: t.id, ordinal: t.ordinal, personaId: t.personaId, personaName: t.personaName, response: t.response })),
    omittedEarlierTurns: earlierCount - earlier.length,
  };
}
