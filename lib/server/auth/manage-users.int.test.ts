import { afterEach, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "@/lib/server/migrate";
import { createTestUser, TEST_PASSWORD, uniqueEmail } from "@/scripts/test/factories";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { ensureFirstAdmin } from "./ensure-first-admin";
import { acceptInvite, createUserWithInvite, findInvite } from "./invites";
import { changeOwnPassword, createUser, createUserWithOneTimePassword, resetUserPassword, setUserActive, setUserRole } from "./manage-users";
import { verifyPassword } from "./password";
import { createSession, findSessionUser } from "./sessions";
import { signIn } from "./sign-in";

describe("managing users", () => {
  it("refuses a second account with the same email, whatever its case", async () => {
    const email = uniqueEmail("dup");
    await createUser({ email, name: "First", role: "viewer" });

    const second = createUser({ email: email.toUpperCase(), name: "Second", role: "rater" });

    await expect(second).rejects.toThrow(DomainError);
    await expect(createUser({ email, name: "Third", role: "rater" })).rejects.toThrow(/already exists/);
  });

  it("creates a user with a one-time password that must be changed", async () => {
    const email = uniqueEmail("otp");

    const { id, password } = await createUserWithOneTimePassword({ email, name: "New", role: "rater" });

    const user = await getDb().user.findUniqueOrThrow({ where: { id } });
    expect(user.mustChangePassword).toBe(true);
    expect(await verifyPassword(password, user.passwordHash!)).toBe(true);
  });

  it("resets a password: a new one-time password, and the old sessions end", async () => {
    const user = await createTestUser("viewer");
    const { token } = await createSession(user.id);

    const password = await resetUserPassword(user.id);

    expect(await findSessionUser(token)).toBeNull();
    const row = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.mustChangePassword).toBe(true);
    expect(await verifyPassword(password, row.passwordHash!)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash!)).toBe(false);
  });

  it("changes one's own password only with the current one, keeping this session", async () => {
    const user = await createTestUser("rater", { mustChangePassword: true });
    const here = await createSession(user.id);
    const elsewhere = await createSession(user.id);

    await expect(changeOwnPassword({ userId: user.id, currentPassword: "wrong", newPassword: "a brand new password" })).rejects.toThrow(
      /current password is incorrect/,
    );
    const changed = await changeOwnPassword({ userId: user.id, currentPassword: TEST_PASSWORD, newPassword: "a brand new password", keepSessionToken: here.token });

    expect(changed).toEqual({ endedSessions: 1 });
    expect(await findSessionUser(here.token)).toMatchObject({ id: user.id, mustChangePassword: false });
    expect(await findSessionUser(elsewhere.token)).toBeNull();
  });
});

describe("invites", () => {
  it("lets the invited user set a password once, then sign in", async () => {
    const email = uniqueEmail("invited");
    const { token } = await createUserWithInvite({ email, name: "Invited", role: "viewer" });
    expect(await findInvite(token)).toEqual({ email, name: "Invited", role: "viewer", invitedBy: null });

    await acceptInvite(token, "my chosen password");

    expect(await findInvite(token)).toBeNull();
    await expect(acceptInvite(token, "another password!")).rejects.toThrow(/invalid, used or expired/);
    const result = await signIn({ email, password: "my chosen password", ipAddress: "10.9.9.9" });
    expect(result.ok).toBe(true);
  });

  it("stores a double submit of the same invite once", async () => {
    const { token } = await createUserWithInvite({ email: uniqueEmail("race"), name: "Race", role: "viewer" });

    const outcomes = await Promise.allSettled([acceptInvite(token, "password number one"), acceptInvite(token, "password number two")]);

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });
});

describe("on an empty database of its own", () => {
  const originalUrl = process.env.DATABASE_URL;
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    process.env.DATABASE_URL = originalUrl;
    await getDb().$disconnect();
    await drop?.();
    drop = null;
  });

  async function useEmptyDatabase() {
    const scratch = await createScratchDatabase(inject("databaseUrl"));
    drop = async () => {
      process.env.DATABASE_URL = scratch.url;
      await getDb().$disconnect();
      process.env.DATABASE_URL = originalUrl;
      await scratch.drop();
    };
    await applyMigrations(scratch.url);
    process.env.DATABASE_URL = scratch.url;
  }

  it("never demotes or deactivates the last active admin", async () => {
    await useEmptyDatabase();
    const admin = await createTestUser("admin");

    await expect(setUserRole(admin.id, "viewer")).rejects.toThrow(/last active admin/);
    await expect(setUserActive(admin.id, false)).rejects.toThrow(/last active admin/);

    const second = await createTestUser("admin");
    await setUserRole(admin.id, "viewer");
    expect((await getDb().user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("viewer");
    await expect(setUserRole(second.id, "rater")).rejects.toThrow(/last active admin/);
  });

  it("creates one admin with a generated password on an empty database, and nothing the second time", async () => {
    await useEmptyDatabase();

    const first = await ensureFirstAdmin({});
    const second = await ensureFirstAdmin({});

    expect(first).toMatchObject({ email: "admin@concord.local", isGenerated: true });
    expect(first!.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(second).toBeNull();
    const admins = await getDb().user.findMany({ where: { role: "admin" } });
    expect(admins).toHaveLength(1);
    expect(admins[0].mustChangePassword).toBe(true);
    expect(await verifyPassword(first!.password, admins[0].passwordHash!)).toBe(true);
  });

  it("takes the email and password from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    await useEmptyDatabase();

    const created = await ensureFirstAdmin({ ADMIN_EMAIL: "Ops@Example.com", ADMIN_PASSWORD: "set by automation" });

    expect(created).toEqual({ email: "ops@example.com", password: "set by automation", isGenerated: false });
    const admin = await getDb().user.findUniqueOrThrow({ where: { email: "ops@example.com" } });
    expect(admin.mustChangePassword).toBe(false);
  });
});
