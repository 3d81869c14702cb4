import "server-only";

/**
 * Facts about the request that Next does not expose directly. scripts/start.mjs (the server
 * `npm start` runs) sets x-concord-client-ip from the socket, x-concord-proto and
 * x-concord-url, overwriting whatever a client sent; behind a trusted proxy
 * (TRUST_PROXY=1) it takes them from X-Forwarded-* instead.
 */
type HeaderSource = { get(name: string): string | null };

export function clientAddress(headers: HeaderSource): string {
  return headers.get("x-concord-client-ip") ?? "unknown";
}

export function isHttps(headers: HeaderSource): boolean {
  return headers.get("x-concord-proto") === "https";
}

/** Path and query of the page being rendered, for a sign-in redirect back to it. */
export function requestPath(headers: HeaderSource): string | null {
  const url = headers.get("x-concord-url");
  return url && url.startsWith("/") && !url.startsWith("//") ? url : null;
}

/** A safe place to go after sign-in: a local path, never another site. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (next.startsWith("/sign-in") || next.startsWith("/api/")) return null;
  return next;
}

/**
 * True when a cookie-authenticated request comes from our own pages. Browsers send
 * Sec-Fetch-Site and Origin on unsafe requests; a request with neither is refused too,
 * since nothing proves where it came from.
 */
export function isSameOrigin(headers: HeaderSource): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
