#!/usr/bin/env node
// The `concord` command (npm run concord -- …, npx concord …). It runs the command line
// compiled ahead of time by esbuild (scripts/lib/cli-bundle.mjs), building it first when it is
// missing or its sources changed; without esbuild, or when the build fails, it registers the
// TypeScript loader (tsx) in this same process instead. Either way stdin streams and signals
// reach the command directly. CONCORD_CLI_TSX=1 forces the loader.
import { buildBundle, currentBundle } from "./lib/cli-bundle.mjs";

async function loadMain() {
  if (process.env.CONCORD_CLI_TSX !== "1") {
    try {
      return await import(currentBundle() ?? (await buildBundle()));
    } catch (error) {
      if (process.env.CONCORD_CLI_DEBUG === "1") process.stderr.write(`concord: compiled CLI unavailable (${error.message}); using tsx\n`);
    }
  }
  const { register } = await import("node:module");
  const { register: registerTsx } = await import("tsx/esm/api");
  registerTsx();
  register("./lib/server-only-hook.mjs", import.meta.url);
  return import("./cli/main.ts");
}

const { main } = await loadMain();
process.exitCode = await main(process.argv.slice(2));
