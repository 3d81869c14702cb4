import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/security/content-security-policy";

/**
 * Every page gets a Content-Security-Policy with a nonce of its own. The policy goes on the
 * request too: Next.js reads the nonce from it while rendering and puts it on its scripts.
 * (The other security headers are static: next.config.ts sets them on every route.)
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    isDev: process.env.NODE_ENV === "development",
    // scripts/start.mjs sets it from the socket (or X-Forwarded-Proto with TRUST_PROXY).
    isHttps: request.headers.get("x-concord-proto") === "https",
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  // Layouts get no query string; an old session link's redirect keeps it (app/sessions/[id]).
  requestHeaders.set("x-concord-search", request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages only: not API routes, not built assets. Prefetches are rendered too, but their
  // responses are RSC payloads, which a CSP does not govern.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
