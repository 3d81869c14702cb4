import "server-only";
import { getDb } from "../db";

/** Escalation reasons of the given turns that have any (admins only), by turn id. */
export async function findTurnEscalations(turnIds: number[]): Promise<Record<number, string[]>> {
  if (turnIds.length === 0) return {};
  const rows = await getDb().queueItem.findMany({
    where: { turnId: { in: turnIds }, escalationPriority: { gt: 0 } },
    select: { turnId: true, escalationReasons: true },
  });
  return Object.fromEntries(rows.map((row) => [row.turnId, row.escalationReasons]));
}
