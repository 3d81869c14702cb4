import "server-only";
import { DomainError } from "../errors";

type HeaderSource = { get(name: string): string | null };
type Env = Record<string, string | undefined>;

function isOn(value: string | undefined): boolean {
  return value === "1" || value === "true";
}

/**
 * The origin links sent to people are built on (invites). PUBLIC_URL when it is set
 * (the address people reach Concord at, e.g. https://concord.example.org); otherwise the
 * request's Host header, but only when TRUST_PROXY is off: behind a proxy the Host a
 * request carries is whatever the client chose, and an invite link pointing elsewhere
 * would hand its token to that site.
 */
export function publicOrigin(headers: HeaderSource, env: Env = process.env): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) {
    let url: URL;
    try {
      url = new URL(configured);
    } catch {
      throw new DomainError("invalid", `PUBLIC_URL is not a URL: "${configured}"`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new DomainError("invalid", `PUBLIC_URL must start with https:// or http://, not "${url.protocol}"`);
    }
    // A path prefix (Concord served under /concord) is kept; a trailing slash is not.
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  }
  if (isOn(env.TRUST_PROXY)) {
    throw new DomainError("invalid", "Set PUBLIC_URL (e.g. https://concord.example.org): behind a proxy (TRUST_PROXY=1) links are not built from the Host header");
  }
  const host = headers.get("host");
  const proto = headers.get("x-concord-proto") === "https" ? "https" : "http";
  let url: URL | null = null;
  try {
    url = host ? new URL(`${proto}://${host}`) : null;
  } catch {
    url = null;
  }
  if (!url || url.host !== host?.toLowerCase() || url.pathname !== "/") {
    throw new DomainError("invalid", "The request has no usable Host header to build a link from; set PUBLIC_URL");
  }
  return url.origin;
}
