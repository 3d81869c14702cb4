// The command line compiled ahead of time (scripts/lib/cli-bundle.mjs): used while its
// sources are unchanged, stale as soon as one changes, and printing what tsx prints.
import { readFileSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildBundle, currentBundle, ROOT } from "../lib/cli-bundle.mjs";
import { runConcord } from "./run-concord.ts";

describe("the compiled command line", () => {
  it("is current after a build, stale when a source it bundles changes, current again when it is restored", async () => {
    const url = await buildBundle();
    expect(currentBundle()).toBe(url);
    const source = path.join(ROOT, "scripts/cli/parse-cli-args.ts");
    const { atime, mtimeMs } = statSync(source);
    const mtime = new Date(Math.floor(mtimeMs));
    try {
      utimesSync(source, atime, new Date(mtime.getTime() + 5_000));
      expect(currentBundle()).toBeNull();
    } finally {
      utimesSync(source, atime, mtime);
    }
    // A concord process started by another test file while the source looked changed has
    // rebuilt under that fingerprint, and its manifest (naming another build) is now the stale
    // one; only our own manifest must read as current again.
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "node_modules/.cache/concord-cli/manifest.json"), "utf8")) as { main: string };
    if (url.endsWith(manifest.main)) expect(currentBundle()).toBe(url);
    else expect(await buildBundle()).not.toBe(url);
  }, 60_000);

  it("prints what the TypeScript sources print through tsx", async () => {
    const compiled = await runConcord(["agreement", "--help"]);
    process.env.CONCORD_CLI_TSX = "1";
    try {
      const throughTsx = await runConcord(["agreement", "--help"]);
      expect(compiled).toEqual(throughTsx);
      expect(compiled.code).toBe(0);
    } finally {
      delete process.env.CONCORD_CLI_TSX;
    }
  }, 60_000);
});
