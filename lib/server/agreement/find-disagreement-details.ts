import "server-only";
import { adjudicationKey, type AgreementReport } from "@/lib/agreement/report";
import { getDb } from "@/lib/server/db";

const EXCERPT_LENGTH = 240;

/** The start of each listed turn's response, and who adjudicated which of them, when. */
export async function findDisagreementDetails(units: { turnId: number; ratingCriterion: string }[]): Promise<Pick<AgreementReport, "turns" | "adjudications">> {
  const turnIds = [...new Set(units.map((u) => u.turnId))];
  if (turnIds.length === 0) return { turns: {}, adjudications: {} };
  const db = getDb();
  const [turns, adjudications] = await Promise.all([
    db.$queryRawUnsafe<{ id: number; excerpt: string; session_key: string; ordinal: number }[]>(
      `SELECT t.id, left(t.response, ${EXCERPT_LENGTH}) AS excerpt, s.external_id AS session_key, t.ordinal
       FROM turns t JOIN eval_sessions s ON s.id = t.session_id WHERE t.id = ANY($1::int[])`,
      turnIds,
    ),
    db.adjudication.findMany({
      where: { turnId: { in: turnIds } },
      select: { turnId: true, criterion: true, level: true, note: true, createdAt: true, adjudicator: { select: { name: true } } },
    }),
  ]);
  return {
    turns: Object.fromEntries(turns.map((t) => [String(t.id), { excerpt: t.excerpt, sessionKey: t.session_key, number: t.ordinal + 1 }])),
    adjudications: Object.fromEntries(
      adjudications.map((a) => [
        adjudicationKey(a.turnId, a.criterion),
        { level: a.level, note: a.note, adjudicator: a.adjudicator?.name ?? null, at: a.createdAt.toISOString() },
      ]),
    ),
  };
}
