import { describe, expect, it, vi } from "vitest";
import { getDb } from "../db";
import { createApiKey, findApiKey, revokeApiKey } from "./api-keys";
import { hashToken } from "./tokens";

describe("API keys", () => {
  it("shows the key once and stores only its hash and a short prefix", async () => {
    const created = await createApiKey({ name: "ci", scope: "ingest" });

    expect(created.key).toMatch(/^concord_[A-Za-z0-9_-]{43}$/);
    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.keyHash).toBe(hashToken(created.key));
    expect(row.prefix).toBe(created.key.slice(0, 14));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it("finds a live key with its scope and records when it was used, after answering", async () => {
    const created = await createApiKey({ name: "reader", scope: "read" });

    expect(await findApiKey(created.key)).toEqual({ id: created.id, name: "reader", scope: "read" });
    // The write is not awaited (nothing on a request's path writes): it lands a moment later.
    await vi.waitFor(async () => expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).not.toBeNull());
  });

  it("writes last_used_at at most once a minute per key, however often the key is used", async () => {
    const created = await createApiKey({ name: "busy", scope: "score" });
    await findApiKey(created.key);
    await vi.waitFor(async () => expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).not.toBeNull());
    const first = (await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt;

    for (let i = 0; i < 20; i++) await findApiKey(created.key, new Date(Date.now() + 30_000));
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toEqual(first);
  });

  it("refuses an unknown, malformed, revoked or expired key", async () => {
    const revoked = await createApiKey({ name: "old", scope: "read" });
    await revokeApiKey(revoked.id);
    const expiring = await createApiKey({ name: "short", scope: "read", expiresInDays: 1 });

    expect(await findApiKey(`concord_${"x".repeat(43)}`)).toBeNull();
    expect(await findApiKey("Basic abc")).toBeNull();
    expect(await findApiKey(revoked.key)).toBeNull();
    expect(await findApiKey(expiring.key, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))).toBeNull();
    expect(await findApiKey(expiring.key)).not.toBeNull();
  });

  it("revokes a key once; a second revoke reports nothing to do", async () => {
    const created = await createApiKey({ name: "twice", scope: "ingest" });

    expect(await revokeApiKey(created.id)).toBe(true);
    expect(await revokeApiKey(created.id)).toBe(false);
  });
});
