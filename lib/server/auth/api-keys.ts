import "server-only";
import type { ApiKeyScope } from "@/lib/auth/access";
import { getDb } from "../db";
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

/** The key behind a bearer token, or null when it is unknown, expired or revoked. */
export async function findApiKey(key: string, now = new Date()): Promise<ApiKeyPrincipal | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const row = await getDb().apiKey.findUnique({ where: { keyHash: hashToken(key) } });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await getDb().apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { id: row.id, name: row.name, scope: row.scope };
}

export async function revokeApiKey(id: number): Promise<boolean> {
  const { count } = await getDb().apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
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
