// A session is addressed by its own id, the `session_id` of the log it was imported from (or
// the content hash Concord named it by): the database key never appears in a URL.

/** The session page's path, e.g. `/sessions/run-7%2Fa` for the session "run-7/a". */
export function sessionPath(externalId: string, query?: URLSearchParams | string): string {
  const search = typeof query === "string" ? query : query?.toString();
  return `/sessions/${encodeURIComponent(externalId)}${search ? `?${search}` : ""}`;
}

/** The longest path segment read as a session id (longer is a 404 without a query). */
export const MAX_SESSION_KEY_LENGTH = 2_000;

/**
 * The ids a path segment may name: as given, and percent-decoded when that differs (a
 * framework may hand the segment over either way). Empty when the segment cannot be an id.
 */
export function sessionKeyCandidates(segment: string): string[] {
  if (segment === "" || segment.length > MAX_SESSION_KEY_LENGTH) return [];
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a stray "%" is part of the id itself
  }
  return decoded === segment ? [segment] : [segment, decoded];
}

/** An old link's database key (`/sessions/123`), or null when the segment is not one. */
export function legacySessionKey(segment: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : null;
}
