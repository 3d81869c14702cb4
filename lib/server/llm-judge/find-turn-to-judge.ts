import "server-only";
import type { TurnToJudge } from "@/lib/llm-judge/direct-prompt";
import { getDb } from "../db";

const CONTEXT_TURNS = 3;

/**
 * A turn as the judge sees it, with its session's seed prompt and the turns just before it,
 * and its dimension (the criterion a generic dataset's item was rated on).
 */
export async function findTurnToJudge(turnId: number): Promise<(TurnToJudge & { dimension: string | null }) | null> {
  const db = getDb();
  const turn = await db.turn.findUnique({
    where: { id: turnId },
    select: {
      sessionId: true,
      ordinal: true,
      personaId: true,
      personaName: true,
      personaRole: true,
      promptDigest: true,
      response: true,
      dimension: true,
      session: { select: { seedPrompt: true } },
    },
  });
  if (!turn) return null;
  const previous = await db.turn.findMany({
    where: { sessionId: turn.sessionId, ordinal: { lt: turn.ordinal } },
    orderBy: { ordinal: "desc" },
    take: CONTEXT_TURNS,
    select: { personaId: true, response: true },
  });
  return {
    seedPrompt: turn.session.seedPrompt,
    promptDigest: turn.promptDigest,
    personaId: turn.personaId,
    personaName: turn.personaName,
    personaRole: turn.personaRole,
    response: turn.response,
    previousTurns: previous.reverse(),
    dimension: turn.dimension,
  };
}
