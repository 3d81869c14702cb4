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

/** Any stand-in origin will do: only whether `next` stays on it matters. */
const SAME_ORIGIN_BASE = "http://concord.invalid";

/**
 * A safe place to go after sign-in: a path on this site, never another one. Browsers
 * forgive a lot in URLs (they drop tabs and newlines, read `\` as `/`, treat `//host` as
 * another site), so anything odd is refused outright: control characters, backslashes,
 * non-ASCII text, a start other than one `/`. What is left is parsed with new URL(next,
 * origin), must keep that origin, and is rebuilt from the parsed path, query and fragment,
 * which must still not start with `//` (`/.//evil` normalises to `//evil`).
 */
export function safeNextPath(next: unknown): string | null {
  // A repeated ?next=…&next=… arrives as an array.
  if (typeof next !== "string" || !next || next.length > 2000) return null;
  if (!/^[\x21-\x7e]+$/.test(next)) return null; // printable ASCII only: no space, control character or non-ASCII
  if (next.includes("\\") || !next.startsWith("/") || next.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/") || url.pathname.startsWith("/api/")) return null;
  return path;
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
