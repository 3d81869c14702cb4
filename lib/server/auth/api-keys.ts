import "server-only";
import type { ApiKeyScope } from "@/lib/auth/access";
import { cachedByKey } from "../changes/cached-by-key";
import { noteChange } from "../changes/change-listener";
import { databaseUrl, getDb } from "../db";
import { generateToken, hashToken } from "./tokens";

/**
 * API keys for scripts: `concord_<random>`, shown once at creation; only the SHA-256 is
 * stored, with the first characters kept to tell keys apart in lists.
 */
const KEY_PREFIX = "concord_";
const LAST_USED_EVERY_MS = 60 * 1000;

export type ApiKeyPrincipal = { id: number; name: string; scope: ApiKeyScope };

export async function createApiKey(input: {
  name: string;
  scope: ApiKeyScope;
  expiresInDays?: number;
  createdById?: number | null;
}): Promise<{ id: number; key: string; prefix: string; expiresAt: Date | null }> {
  const key = `${KEY_PREFIX}${generateToken()}`;
  const prefix = key.slice(0, KEY_PREFIX.length + 6);
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000) : null;
  const row = await getDb().apiKey.create({
    data: {
      name: input.name,
      scope: input.scope,
      prefix,
      keyHash: hashToken(key),
      expiresAt,
      createdById: input.createdById ?? null,
    },
  });
  return { id: row.id, key, prefix, expiresAt };
}

type CachedKey = ApiKeyPrincipal & { expiresAt: Date | null; lastUsedAt: Date | null };

/**
 * Live keys by hash, in memory: a request with a known key reads nothing from the database.
 * A revocation, expiry change or new key is announced by a trigger on api_keys (see
 * lib/server/changes), and an entry is re-read at least every few seconds anyway, so a
 * revoked key stops working within seconds on every server.
 */
const KEY_TTL_MS = 5000;
const keys = cachedByKey<string, CachedKey>({ tables: ["api_keys"], ttlMs: KEY_TTL_MS, refreshAfterMs: KEY_TTL_MS / 2, maxEntries: 10_000 }, async (keyHash) => {
  const row = await getDb().apiKey.findUnique({
    where: { keyHash },
    select: { id: true, name: true, scope: true, expiresAt: true, lastUsedAt: true, revokedAt: true },
  });
  if (!row || row.revokedAt) return null;
  return { id: row.id, name: row.name, scope: row.scope, expiresAt: row.expiresAt, lastUsedAt: row.lastUsedAt };
});

/** When this process last wrote last_used_at, per key id. */
const lastUsedWrites = new Map<number, number>();

/**
 * The key behind a bearer token, or null when it is unknown, expired or revoked. Records
 * when the key was used at most once a minute per key and process, without waiting for the
 * write: nothing on a request's path writes to the database.
 */
export async function findApiKey(key: string, now = new Date()): Promise<ApiKeyPrincipal | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const found = await keys.get(databaseUrl(), hashToken(key));
  if (!found || (found.expiresAt && found.expiresAt <= now)) return null;
  const lastWritten = Math.max(lastUsedWrites.get(found.id) ?? 0, found.lastUsedAt?.getTime() ?? 0);
  if (now.getTime() - lastWritten > LAST_USED_EVERY_MS) {
    lastUsedWrites.set(found.id, now.getTime());
    getDb()
      .apiKey.update({ where: { id: found.id }, data: { lastUsedAt: now } })
      .catch((error: unknown) => console.warn(`[concord] could not record when API key ${found.id} was used: ${(error as Error).message}`));
  }
  return { id: found.id, name: found.name, scope: found.scope };
}

export async function revokeApiKey(id: number): Promise<boolean> {
  const { count } = await getDb().apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  // This server stops taking the key now; the others when the trigger's notification reaches them.
  noteChange(databaseUrl(), "api_keys");
  return count === 1;
}

export async function listApiKeys() {
  return getDb().apiKey.findMany({
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: {
      id: true,
      name: true,
      prefix: true,
      scope: true,
      createdAt: true,
      expiresAt: true,
      lastUsedAt: true,
      revokedAt: true,
      createdBy: { select: { email: true } },
    },
  });
}
