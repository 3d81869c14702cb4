// The command line compiled ahead of time: scripts/cli/main.ts and everything it imports from
// the project, bundled by esbuild into node_modules/.cache/concord-cli/<build>/ (one chunk per
// command, so `concord agreement` never loads Prisma). A manifest lists every source file of
// the build with its size and mtime; a build whose sources changed is stale and is rebuilt.
// Packages stay external (resolved from node_modules at run time, as under tsx).
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE = path.join(ROOT, "node_modules", ".cache", "concord-cli");
const MANIFEST = path.join(CACHE, "manifest.json");
const ENTRY = "scripts/cli/main.ts";

/** Size and whole milliseconds of mtime of a file named relative to the project root. */
export function fingerprint(file) {
  const stat = statSync(path.join(ROOT, file));
  return `${stat.size}:${Math.floor(stat.mtimeMs)}`;
}

/**
 * The URL of the built main module when the build named by `manifestFile` is current, else
 * null. Tests pass their own manifest copy and fingerprint function, so checking staleness
 * never touches a source file that other processes are reading.
 */
export function currentBundle(manifestFile = MANIFEST, fingerprintOf = fingerprint) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    for (const [file, print] of Object.entries(manifest.inputs)) if (fingerprintOf(file) !== print) return null;
    statSync(path.join(CACHE, manifest.main));
  } catch {
    return null;
  }
  return pathToFileURL(path.join(CACHE, manifest.main)).href;
}

/** The manifest file a build wrote beside its output (the shared one may name a later build). */
export function manifestOf(bundleUrl) {
  return path.join(path.dirname(fileURLToPath(bundleUrl)), "manifest.json");
}

// `server-only` guards Next bundles; outside Next it has nothing to guard (as the tsx hook).
const serverOnlyStub = {
  name: "server-only-stub",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "stub" }));
    build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "", loader: "js" }));
  },
};

/**
 * Builds into a fresh directory and then swaps the manifest in with one rename, so that
 * processes starting at the same time (tests) never see half a build. Returns the main
 * module's URL.
 */
export async function buildBundle() {
  const { build } = await import("esbuild");
  const id = `${Date.now().toString(36)}-${process.pid}`;
  const outdir = path.join(CACHE, id);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: ENTRY },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    plugins: [serverOnlyStub],
    metafile: true,
    logLevel: "silent",
  });
  const files = [...Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("stub:")), "tsconfig.json", "package.json"];
  const inputs = Object.fromEntries(files.map((file) => [file, fingerprint(file)]));
  const manifest = JSON.stringify({ main: `${id}/main.mjs`, inputs });
  writeFileSync(path.join(outdir, "manifest.json"), manifest);
  const temporary = `${MANIFEST}.${id}`;
  writeFileSync(temporary, manifest);
  renameSync(temporary, MANIFEST);
  removeOldBuilds(id);
  return pathToFileURL(path.join(outdir, "main.mjs")).href;
}

/** Builds older than a minute and not current; younger ones may still be loading elsewhere. */
function removeOldBuilds(keep) {
  for (const entry of readdirSync(CACHE, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const dir = path.join(CACHE, entry.name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > 60_000) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}
