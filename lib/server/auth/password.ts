import "server-only";
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { WorkLimiter } from "./work-limiter";

/**
 * Password hashing with scrypt, the memory-hard function in Node's standard library (no
 * native dependency to build). Defaults follow OWASP's password storage guidance for
 * scrypt: N = 2^17 (128 MiB), r = 8, p = 1, about 0.3 s here. The parameters are stored in
 * each hash (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so they can be raised later and old
 * hashes still verify. CONCORD_PASSWORD_HASH_COST lowers log2 N (≥ 14) for tests only.
 *
 * Every hash goes through one WorkLimiter per process: half the CPUs (at least one) hash
 * at once, and a request that would wait more than 2 s (with 2 already waiting) is refused with 429 and
 * Retry-After, so 40 sign-ins at once cannot take the whole machine (each costs 128 MiB
 * and a core for 0.3 s). CONCORD_PASSWORD_HASH_CONCURRENCY overrides the number.
 */
const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function logCost(): number {
  const fromEnv = Number(process.env.CONCORD_PASSWORD_HASH_COST);
  return Number.isInteger(fromEnv) && fromEnv >= 14 && fromEnv <= 20 ? fromEnv : 17;
}

function hashConcurrency(): number {
  const fromEnv = Number(process.env.CONCORD_PASSWORD_HASH_CONCURRENCY);
  if (Number.isInteger(fromEnv) && fromEnv >= 1 && fromEnv <= 64) return fromEnv;
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

// On globalThis: Next may bundle this module into several server chunks (routes, actions),
// and the bound is per process, not per chunk.
const LIMITER_KEY = Symbol.for("concord.passwordWork");
const shared = globalThis as typeof globalThis & { [LIMITER_KEY]?: WorkLimiter };
export const passwordWork = (shared[LIMITER_KEY] ??= new WorkLimiter({
  concurrency: hashConcurrency(),
  maxWaitMs: 2000,
  minQueue: 2,
  initialEstimateMs: 300,
  busyMessage: "The server is busy checking other passwords. Try again in a moment.",
}));

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return passwordWork.run(() => deriveNow(password, salt, logN, r, p));
}

function deriveNow(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const logN = logCost();
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return ["scrypt", logN, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, logN, r, p, salt, hash] = stored.split("$");
  if (algorithm !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone knows: verifying against it costs what a real check costs,
 *  so a sign-in for an unknown email takes as long as one for a known email. */
let decoyHash: Promise<string> | null = null;
export function getDecoyHash(): Promise<string> {
  // Made outside the limiter (once per process), so a burst cannot leave a refusal cached here.
  decoyHash ??= (async () => {
    const salt = randomBytes(16);
    const key = await deriveNow(randomBytes(24).toString("base64url"), salt, logCost(), R, P);
    return ["scrypt", logCost(), R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
  })();
  return decoyHash;
}

/** A generated password: 20 characters of base64url, about 120 bits. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}
