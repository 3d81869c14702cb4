import { afterEach, describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password";

const original = process.env.CONCORD_PASSWORD_HASH_COST;
afterEach(() => {
  process.env.CONCORD_PASSWORD_HASH_COST = original;
});

describe("password hashing", () => {
  it("uses scrypt with N = 2^17, r = 8, p = 1 by default (OWASP's recommendation)", async () => {
    delete process.env.CONCORD_PASSWORD_HASH_COST;

    const hash = await hashPassword("a long enough password");

    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("a long enough password", hash)).toBe(true);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    process.env.CONCORD_PASSWORD_HASH_COST = "14";
    const hash = await hashPassword("tr0ub4dor&3 and more");

    expect(await verifyPassword("tr0ub4dor&3 and more", hash)).toBe(true);
    expect(await verifyPassword("tr0ub4dor&3 and mor", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash, so equal passwords give different hashes", async () => {
    process.env.CONCORD_PASSWORD_HASH_COST = "14";

    const [first, second] = await Promise.all([hashPassword("same password here"), hashPassword("same password here")]);

    expect(first).not.toBe(second);
  });

  it("verifies hashes made with other parameters, so the cost can be raised later", async () => {
    process.env.CONCORD_PASSWORD_HASH_COST = "14";
    const cheap = await hashPassword("password from before");
    process.env.CONCORD_PASSWORD_HASH_COST = "15";

    expect(await verifyPassword("password from before", cheap)).toBe(true);
  });

  it("rejects a stored value that is not a scrypt hash", async () => {
    expect(await verifyPassword("anything", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$10$abc$def")).toBe(false);
  });

  it("generates 20-character passwords that differ each time", () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));

    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});
