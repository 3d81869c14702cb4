// The command line compiled ahead of time (scripts/lib/cli-bundle.mjs): used while its
// sources are unchanged, stale as soon as one changes, and printing what tsx prints.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildBundle, currentBundle, fingerprint, manifestOf } from "../lib/cli-bundle.mjs";
import { runConcord } from "./run-concord.ts";

describe("the compiled command line", () => {
  it("is current after a build, stale when a source it bundles changes, current again when it is restored", async () => {
    const url = await buildBundle();
    // Our build's own manifest: another test's concord process may have rebuilt the shared one.
    const ours = manifestOf(url);
    const source = "scripts/cli/parse-cli-args.ts";
    const inputs = (JSON.parse(readFileSync(ours, "utf8")) as { inputs: Record<string, string> }).inputs;
    expect(inputs[source]).toBe(fingerprint(source));
    expect(currentBundle(ours)).toBe(url);
    // A changed source is seen through its fingerprint; the file itself is never touched.
    const edited = (file: string) => (file === source ? `${fingerprint(file)}-edited` : fingerprint(file));
    expect(currentBundle(ours, edited)).toBeNull();
    expect(currentBundle(ours, fingerprint)).toBe(url);
    // A build that lost its output is not current either.
    const copy = path.join(mkdtempSync(path.join(tmpdir(), "concord-cli-")), "manifest.json");
    writeFileSync(copy, JSON.stringify({ main: "missing-build/main.mjs", inputs }));
    expect(currentBundle(copy)).toBeNull();
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
