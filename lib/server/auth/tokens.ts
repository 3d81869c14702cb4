import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A random secret for a cookie, an invite link or an API key (256 bits). */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are high-entropy random values, so a fast hash suffices to store them. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
