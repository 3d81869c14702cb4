import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { readSecretKey, SecretKeyError, SECRET_KEY_VARIABLE } from "../llm-judge/api-key-cipher";

// A live pull started from the import page runs as a job: its credentials wait in the job's
// payload encrypted (AES-256-GCM under CONCORD_SECRET_KEY, as judge endpoints' keys, with its
// own associated data) and are removed when the job ends.
const ASSOCIATED_DATA = Buffer.from("concord:source-pull-credentials");

export function encryptPullCredentials(credentials: Record<string, string>, key: Buffer | null = readSecretKey()): string {
  if (!key) throw new SecretKeyError(`Concord cannot keep the tool's credentials for a pull from this page: ${SECRET_KEY_VARIABLE} is not set. Set it (\`openssl rand -base64 32\`) and restart, or pull with the command line (concord import --from … --url …).`);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export function decryptPullCredentials(stored: string, key: Buffer | null = readSecretKey()): Record<string, string> {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (!key || version !== "v1" || !iv || !tag || ciphertext === undefined) throw new SecretKeyError("the pull's credentials cannot be read; start the pull again");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8"));
  } catch {
    throw new SecretKeyError(`the pull's credentials cannot be decrypted with the current ${SECRET_KEY_VARIABLE}; start the pull again`);
  }
}
