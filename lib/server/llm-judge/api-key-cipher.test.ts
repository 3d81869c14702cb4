import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptApiKey, encryptApiKey, readSecretKey, SecretKeyError } from "./api-key-cipher";

const key = randomBytes(32);
const secret = "sk-test-0123456789abcdef";

describe("API-key encryption", () => {
  it("decrypts what it encrypted", () => {
    expect(decryptApiKey(encryptApiKey(secret, key), key)).toBe(secret);
  });

  it("never stores the key in clear, and differs on every encryption (random IV)", () => {
    const first = encryptApiKey(secret, key);
    const second = encryptApiKey(secret, key);
    expect(first).not.toContain(secret);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  });

  it("fails with a clear message under another key", () => {
    const stored = encryptApiKey(secret, key);
    expect(() => decryptApiKey(stored, randomBytes(32))).toThrow(/cannot be decrypted with the current CONCORD_SECRET_KEY/);
  });

  it("fails when the ciphertext was tampered with", () => {
    const [version, iv, tag, body] = encryptApiKey(secret, key).split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptApiKey([version, iv, tag, flipped.toString("base64url")].join("."), key)).toThrow(SecretKeyError);
  });

  it("refuses to encrypt without a secret key, saying what to set", () => {
    expect(() => encryptApiKey(secret, null)).toThrow(/CONCORD_SECRET_KEY is not set/);
  });
});

describe("readSecretKey", () => {
  it("reads 32 bytes as base64, base64url or hex", () => {
    expect(readSecretKey({ CONCORD_SECRET_KEY: key.toString("base64") })).toEqual(key);
    expect(readSecretKey({ CONCORD_SECRET_KEY: key.toString("base64url") })).toEqual(key);
    expect(readSecretKey({ CONCORD_SECRET_KEY: key.toString("hex") })).toEqual(key);
  });

  it("is null when unset or blank", () => {
    expect(readSecretKey({})).toBeNull();
    expect(readSecretKey({ CONCORD_SECRET_KEY: " " })).toBeNull();
  });

  it("refuses a key of the wrong length", () => {
    expect(() => readSecretKey({ CONCORD_SECRET_KEY: randomBytes(16).toString("base64") })).toThrow(/must be 32 bytes/);
  });
});
