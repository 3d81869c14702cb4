// The in-process benches' timer: the best of a few runs, of a function or of the `concord`
// command as a whole process.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Best of `repeats` runs, in milliseconds (the first run also warms the JIT). */
export function time(repeats: number, task: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    globalThis.gc?.();
    const start = performance.now();
    task();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Best of `repeats` runs of `concord <args>` as a whole process, in milliseconds; a failed run throws with its stderr. */
export function timeConcord(repeats: number, args: string[]): number {
  return time(repeats, () => {
    const run = spawnSync(process.execPath, ["scripts/concord.mjs", ...args], { cwd: root, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`concord ${args.join(" ")} failed: ${run.stderr}`);
  });
}
