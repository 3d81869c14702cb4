import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";

describe("contentSecurityPolicy", () => {
  it("allows only this response's nonced scripts and forbids framing, in production over http", () => {
    expect(contentSecurityPolicy({ nonce: "abc=" })).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc=' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; " +
        "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it("upgrades insecure requests only over https, and allows eval and the reload socket only in development", () => {
    expect(contentSecurityPolicy({ nonce: "n", isHttps: true })).toMatch(/; upgrade-insecure-requests$/);
    const dev = contentSecurityPolicy({ nonce: "n", isDev: true });
    expect(dev).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval';");
    expect(dev).toContain("connect-src 'self' ws: wss:;");
  });
});

describe("newNonce", () => {
  it("is 16 random bytes in base64, different each time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
