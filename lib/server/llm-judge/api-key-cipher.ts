import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { DomainError } from "../errors";

/**
 * Judge-endpoint API keys at rest: AES-256-GCM under CONCORD_SECRET_KEY, a 32-byte key
 * given as base64 (`openssl rand -base64 32`) or hex (`openssl rand -hex 32`). Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), with a fixed associated-data label so that a
 * ciphertext made for another purpose under the same key does not decrypt as an API key.
 * Without the variable Concord refuses to store keys; endpoints without one still work.
 */
export const SECRET_KEY_VARIABLE = "CONCORD_SECRET_KEY";
const VERSION = "v1";
const ASSOCIATED_DATA = Buffer.from("concord:judge-endpoint-api-key");

export class SecretKeyError extends DomainError {
  constructor(message: string) {
    super("invalid", message);
    this.name = "SecretKeyError";
  }
}

/** The 32-byte key from the environment, or null when the variable is unset. */
export function readSecretKey(env: Readonly<Record<string, string | undefined>> = process.env): Buffer | null {
  const text = env[SECRET_KEY_VARIABLE]?.trim();
  if (!text) return null;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (key.length !== 32) {
    throw new SecretKeyError(`${SECRET_KEY_VARIABLE} must be 32 bytes written as base64 (44 characters) or hex (64 characters); create one with \`openssl rand -base64 32\`.`);
  }
  return key;
}

function requireKey(key: Buffer | null): Buffer {
  if (key) return key;
  throw new SecretKeyError(`Concord cannot store an API key: ${SECRET_KEY_VARIABLE} is not set. Set it to 32 random bytes (\`openssl rand -base64 32\`) and restart, or leave the key empty for a server that needs none.`);
}

export function encryptApiKey(plaintext: string, key: Buffer | null = readSecretKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", requireKey(key), iv);
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export function decryptApiKey(stored: string, key: Buffer | null = readSecretKey()): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new SecretKeyError("The stored API key is not in a format Concord knows; enter the key again.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", requireKey(key), Buffer.from(iv, "base64url"));
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch (error) {
    if (error instanceof SecretKeyError) throw error;
    throw new SecretKeyError(`The stored API key cannot be decrypted with the current ${SECRET_KEY_VARIABLE} (was it changed?); enter the key again.`);
  }
}
