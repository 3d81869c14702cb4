import "server-only";
import { legacySessionKey, sessionKeyCandidates } from "@/lib/sessions/session-path";
import { getDb } from "../db";

export type SessionRef = { id: number; externalId: string };

/**
 * The session a URL segment names. Its own id (the log's `session_id`) comes first; a
 * segment that is no session's id but a number is an old link by database key (`legacy`, to
 * redirect). When a number is both one session's id and another's old key, the id wins and
 * `shadowed` names the other, so the page can point to it.
 */
export type SessionMatch = SessionRef & { isLegacy: boolean; shadowed: SessionRef | null };

export async function findSessionRef(segment: string): Promise<SessionMatch | null> {
  const candidates = sessionKeyCandidates(segment);
  if (candidates.length === 0) return null;
  const legacy = legacySessionKey(segment);
  const rows = await getDb().$queryRawUnsafe<SessionRef[]>(
    `SELECT id, external_id AS "externalId" FROM eval_sessions WHERE external_id = ANY($1::text[]) OR id = $2`,
    candidates,
    legacy,
  );
  const byId = candidates.map((key) => rows.find((row) => row.externalId === key)).find((row) => row !== undefined);
  const byKey = legacy === null ? undefined : rows.find((row) => row.id === legacy);
  if (byId) return { ...byId, isLegacy: false, shadowed: byKey && byKey.id !== byId.id ? byKey : null };
  return byKey ? { ...byKey, isLegacy: true, shadowed: null } : null;
}
