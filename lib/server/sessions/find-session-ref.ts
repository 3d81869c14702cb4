import "server-only";
import { getDb } from "../db";

/** The session's ids when it exists: a cheap check before the page streams (for a real 404). */
export async function findSessionRef(id: number): Promise<{ id: number; externalId: string } | null> {
  return getDb().evalSession.findUnique({ where: { id }, select: { id: true, externalId: true } });
}
