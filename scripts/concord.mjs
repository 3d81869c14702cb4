#!/usr/bin/env node
// The `concord` command (npm run concord -- …, npx concord …): registers the TypeScript
// loader in this same process, so stdin streams and signals reach the command directly.
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";

registerTsx();
register("./lib/server-only-hook.mjs", import.meta.url);
const { main } = await import("./cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
