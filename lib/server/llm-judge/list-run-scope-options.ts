import "server-only";
import { getDb } from "../db";

const SHOWN_SESSIONS = 200;

export type RunScopeOptions = {
  sessions: Array<{ id: number; externalId: string; turnCount: number }>;
  personas: Array<{ personaId: string; turnCount: number }>;
};

/** The sessions (latest first) and personas a run can be limited to. */
export async function listRunScopeOptions(): Promise<RunScopeOptions> {
  const db = getDb();
  const [sessions, personas] = await Promise.all([
    db.evalSession.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: SHOWN_SESSIONS, select: { id: true, externalId: true, turnCount: true } }),
    db.turn.groupBy({ by: ["personaId"], _count: { _all: true }, orderBy: { personaId: "asc" } }),
  ]);
  return { sessions, personas: personas.map((row) => ({ personaId: row.personaId, turnCount: row._count._all })) };
}
