// The Content-Security-Policy of every page, built per request around a fresh nonce (as
// Next.js documents for the App Router: the proxy sets it on the request, Next.js reads the
// nonce from it and stamps it on its own scripts).
//
// Scripts: only those carrying this response's nonce, and what they load ('strict-dynamic'),
// so an injected <script> or inline handler does not run. Styles allow inline: React and
// Recharts put `style` attributes in server-rendered HTML, which a nonce cannot cover, and a
// style cannot run code. No one may frame a page (clickjacking), forms post only here.

export type CspOptions = {
  nonce: string;
  /** `next dev` needs eval for its error overlay and a websocket for hot reload. */
  isDev?: boolean;
  /** Over https, ask the browser to upgrade any stray http:// subresource. */
  isHttps?: boolean;
};

export function contentSecurityPolicy({ nonce, isDev = false, isHttps = false }: CspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** 128 random bits, base64: unguessable and fresh for every response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Headers every response carries (next.config.ts sets them on all routes, assets and API
 * included): no MIME sniffing, no framing for browsers that predate frame-ancestors, and no
 * URL (an invite link holds a token) in the Referer of a request to another site.
 */
export const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
];
