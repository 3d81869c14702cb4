// For tests: runs `node scripts/concord.mjs …` as a user would, and what it printed.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type Outcome = { code: number; stdout: string; stderr: string };

export async function runConcord(args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/concord.mjs", ...args], { cwd: PROJECT_ROOT, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
