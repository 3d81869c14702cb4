// Content identity of a session: SHA-256 over its records as canonical JSON text (so the
// same records sent as a file, as NDJSON or as a JSON array hash alike), plus what else was
// stored with it (seed prompt, summary). A session without a session_id is named after it.
import { createHash, type Hash } from "node:crypto";

export const ANONYMOUS_ID_PREFIX = "sha256:";

export function newContentHash(kind: string): Hash {
  return createHash("sha256").update(`concord:${kind}:v1\n`);
}

export function addJson(hash: Hash, value: unknown): void {
  hash.update(JSON.stringify(value) ?? "null").update("\n");
}

/** The external id of a session that names none: a prefix of its content hash. */
export function anonymousExternalId(contentHash: string): string {
  return `${ANONYMOUS_ID_PREFIX}${contentHash.slice(0, 32)}`;
}

/** A 64-bit advisory-lock key for a session's external id, as a decimal string (PostgreSQL bigint). */
export function advisoryLockKey(externalId: string): string {
  const digest = createHash("sha256").update(`concord:session:${externalId}`).digest();
  return digest.readBigInt64BE(0).toString();
}
