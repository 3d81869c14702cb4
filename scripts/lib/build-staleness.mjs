// Whether the app's build (.next) is missing or older than its sources: scripts/start.mjs
// builds before serving when it is, and scripts/test/run.mjs builds beside the unit tests.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "public", "next.config.ts", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "package-lock.json"];

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name === "fixtures" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `root`/.next has no build, or one older than any source file. */
export function isBuildStale(root) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const newestSource = Math.max(
    ...SOURCES.map((p) => {
      const full = path.join(root, p);
      if (!existsSync(full)) return 0;
      return statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    }),
  );
  return !existsSync(buildId) || statSync(buildId).mtimeMs < newestSource;
}
