#!/usr/bin/env node
// `npm run build:cli` (also run at postinstall): compiles the command line ahead of time so
// that `concord` starts without transpiling TypeScript. A failure only warns: `concord` then
// builds on first run, or falls back to tsx.
import { buildBundle } from "./lib/cli-bundle.mjs";

try {
  const started = performance.now();
  await buildBundle();
  console.log(`concord CLI compiled in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.warn(`warning: could not compile the concord CLI (${error.message}); it will run through tsx`);
}
