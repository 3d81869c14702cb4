import "server-only";
import { getDb } from "../db";

export type PairToCompare = { prompt: string | null; responseA: string; responseB: string };

/** Two turns' responses and the prompt they answer (the seed prompt, else the instruction). */
export async function findPairToCompare(turnAId: number, turnBId: number): Promise<PairToCompare | null> {
  const turns = await getDb().turn.findMany({
    where: { id: { in: [turnAId, turnBId] } },
    select: { id: true, response: true, promptDigest: true, session: { select: { seedPrompt: true } } },
  });
  const a = turns.find((turn) => turn.id === turnAId);
  const b = turns.find((turn) => turn.id === turnBId);
  if (!a || !b) return null;
  return { prompt: a.session.seedPrompt ?? b.session.seedPrompt ?? a.promptDigest, responseA: a.response, responseB: b.response };
}
