import { describe, expect, it } from "vitest";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "../db";
import { setUserActive } from "./manage-users";
import { createSession, findSessionUser, revokeSession, revokeUserSessions, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from "./sessions";
import { hashToken } from "./tokens";

describe("sessions", () => {
  it("stores only the token's hash", async () => {
    const user = await createTestUser("viewer");

    const { token } = await createSession(user.id);

    const row = await getDb().authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
  });

  it("finds the user of a live session and nobody for an unknown token", async () => {
    const user = await createTestUser("rater");
    const { token } = await createSession(user.id);

    expect(await findSessionUser(token)).toEqual({ id: user.id, email: user.email, name: "Test rater", role: "rater", mustChangePassword: false });
    expect(await findSessionUser("not-a-token")).toBeNull();
    expect(await findSessionUser(undefined)).toBeNull();
  });

  it("ends a session at its absolute expiry", async () => {
    const user = await createTestUser("viewer");
    const { token } = await createSession(user.id);

    const justAfter = new Date(Date.now() + SESSION_MAX_AGE_MS + 1000);
    // Keep it from going idle first: pretend it was used just before.
    await getDb().authSession.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(justAfter.getTime() - 1000) } });

    expect(await findSessionUser(token, justAfter)).toBeNull();
  });

  it("ends a session unused for a day", async () => {
    const user = await createTestUser("viewer");
    const { token } = await createSession(user.id);

    expect(await findSessionUser(token, new Date(Date.now() + SESSION_IDLE_MS - 60_000))).not.toBeNull();
    const row = await getDb().authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(await findSessionUser(token, new Date(row.lastSeenAt.getTime() + SESSION_IDLE_MS + 1000))).toBeNull();
  });

  it("ends a revoked session and leaves the user's others alone", async () => {
    const user = await createTestUser("viewer");
    const first = await createSession(user.id);
    const second = await createSession(user.id);

    await revokeSession(first.token);

    expect(await findSessionUser(first.token)).toBeNull();
    expect(await findSessionUser(second.token)).not.toBeNull();
  });

  it("signs a user out everywhere, except the session asked to keep", async () => {
    const user = await createTestUser("viewer");
    const sessions = await Promise.all([createSession(user.id), createSession(user.id), createSession(user.id)]);

    const ended = await revokeUserSessions(user.id, sessions[0].token);

    expect(ended).toBe(2);
    expect(await findSessionUser(sessions[0].token)).not.toBeNull();
    expect(await findSessionUser(sessions[1].token)).toBeNull();
    expect(await findSessionUser(sessions[2].token)).toBeNull();
  });

  it("ends every session of a deactivated user", async () => {
    await createTestUser("admin");
    const user = await createTestUser("viewer");
    const { token } = await createSession(user.id);

    await setUserActive(user.id, false);

    expect(await findSessionUser(token)).toBeNull();
    expect(await getDb().authSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });
});
