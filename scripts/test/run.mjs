// `npm test`: the type check, Vitest (unit, then integration) and Playwright, with the app's
// build and the type check run beside the tests instead of before them, so both cores work:
//   1. `next build` (when the build is missing or older than the sources) beside the unit tests;
//   2. `tsc --noEmit` beside the integration tests, once the build is there: tsc then checks
//      the route types the build writes to .next/types as well, and no build writes them while
//      tsc reads them (the integration tests start the real server, which must find the build
//      done, or it would start a second one);
//   3. Playwright, whose servers find the app built.
// The first failure stops everything else and sets the exit code. Output of the build and of
// tsc is shown when they fail (tsc prints nothing else).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isBuildStale } from "../lib/build-staleness.mjs";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line) => console.log(`[npm test ${seconds()}] ${line}`);
const running = new Set();

/** Runs a command; `quiet` keeps its output and prints it only when it fails. Resolves its exit code. */
function run(label, command, args, { quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  running.add(child);
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  const stepStarted = performance.now();
  log(`${label}: started`);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      if (!ok && quiet) process.stdout.write(Buffer.concat(output));
      log(`${label}: ${ok ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${((performance.now() - stepStarted) / 1000).toFixed(0)} s`);
      resolve(ok ? 0 : (code ?? 1));
    });
  });
}

function stop(code) {
  for (const child of running) child.kill("SIGTERM");
  process.exit(code);
}

// Ctrl-C reaches the children by itself (same process group); a SIGTERM is passed on.
process.on("SIGINT", () => stop(130));
process.on("SIGTERM", () => stop(143));

/** Waits for a step in the foreground; its failure ends the run. */
async function step(work) {
  const code = await work;
  if (code !== 0) stop(code);
}

/** A step in the background: its failure ends the run at once, whatever runs beside it. */
function beside(work) {
  work.then((code) => code !== 0 && stop(code));
  return work;
}

const typecheckCommand = () => beside(run("typecheck (tsc --noEmit)", bin("tsc"), ["--noEmit"], { quiet: true }));
const build = isBuildStale(root) ? beside(run("next build", bin("next"), ["build"], { quiet: true })) : null;
let typecheck = build ? null : typecheckCommand();
await step(run("unit tests (vitest --project unit)", bin("vitest"), ["run", "--project", "unit"]));
if (build) {
  await step(build);
  typecheck = typecheckCommand();
}
await step(run("integration tests (vitest --project integration)", bin("vitest"), ["run", "--project", "integration"]));
await step(typecheck);
await step(run("end-to-end tests (playwright test)", bin("playwright"), ["test"]));
log("all passed");
