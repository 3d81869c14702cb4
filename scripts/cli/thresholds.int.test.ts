import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { insertScoredSession, useScratchDatabase } from "@/lib/server/thresholds/thresholds-test-data";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { createTestUser } from "@/scripts/test/factories";
import { run } from "./thresholds.ts";

const dir = mkdtempSync(path.join(tmpdir(), "concord-thresholds-cli-"));

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const code = await run(args);
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await drop?.();
  drop = null;
});

describe("concord thresholds", () => {
  it("shows the active version, saves a new one, and lists the history with what changed", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");

    const shown = await cli("show");
    const set = await cli("set", "--good", "0.7", "--note", "Good needs more", "--author", admin.email);
    const history = await cli("history", "--json");

    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("version 1 (active)");
    expect(shown.stdout).toContain("cut-offs: Excellent ≥ 0.8, Good ≥ 0.65, Fair ≥ 0.5, else Poor");
    expect(shown.stdout).toContain("scores: judge heuristic v1, complete");
    expect(set).toEqual({ code: 0, stdout: "saved version 2; overall scores follow heuristic v1\n", stderr: "" });
    const versions = JSON.parse(history.stdout);
    expect(versions.map((v: { version: number; note: string }) => [v.version, v.note])).toEqual([
      [2, "Good needs more"],
      [1, expect.stringMatching(/^Defaults: Excellent ≥ 0\.80, Good ≥ 0\.65, Fair ≥ 0\.50/)],
    ]);
    expect(versions[0].changes).toEqual([{ field: "cutoffs.good", label: "Good ≥", from: 0.65, to: 0.7 }]);
  });

  it("exits 1 with the reason on bad input", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");
    const rater = await createTestUser("rater");
    const weightsFile = path.join(dir, "weights.json");
    writeFileSync(weightsFile, JSON.stringify({ ...SEED_THRESHOLDS.weights, thesis: { length: -1, sentiment: 0, completeness: 1 } }));

    const outOfOrder = await cli("set", "--fair", "0.7", "--note", "x", "--author", admin.email);
    const notANumber = await cli("set", "--excellent", "high", "--note", "x", "--author", admin.email);
    const noNote = await cli("set", "--good", "0.6", "--author", admin.email);
    const negative = await cli("set", "--weights-json", weightsFile, "--note", "x", "--author", admin.email);
    const notAdmin = await cli("set", "--good", "0.6", "--note", "x", "--author", rater.email);
    const unknown = await cli("set", "--colour", "blue");

    expect(outOfOrder).toEqual({ code: 1, stdout: "", stderr: "concord thresholds: --good: Good must be above Fair\n" });
    expect(notANumber.stderr).toBe("concord thresholds: --excellent: Enter a number\n");
    expect(noNote.stderr).toBe("concord thresholds: --note: Write a note: what changed and why\n");
    expect(negative.stderr).toBe("concord thresholds: --weights-json: thesis.length: Weights cannot be negative\n");
    expect(notAdmin.stderr).toBe(`concord thresholds: --author: ${rater.email} is a rater; only admins change thresholds\n`);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown option '--colour'/);
  });

  it("recomputes the scores when the weights change, and restores a version", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");
    await insertScoredSession([{ personaId: "thesis", length: 1, sentiment: 0, completeness: 0.5, critical: null }]);
    const weightsFile = path.join(dir, "new-weights.json");
    writeFileSync(weightsFile, JSON.stringify({ ...SEED_THRESHOLDS.weights, thesis: { length: 0.5, sentiment: 0, completeness: 0.5 } }));

    const set = await cli("set", "--weights-json", weightsFile, "--note", "length matters", "--author", admin.email, "--json");
    const shown = await cli("show", "--json");
    const restored = await cli("restore", "--version", "1", "--author", admin.email);

    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ version: 2, judgeVersion: expect.stringMatching(/^v1-w[0-9a-f]{8}$/) });
    expect(JSON.parse(shown.stdout).scoring).toMatchObject({ isComplete: true, judge: { version: JSON.parse(set.stdout).judgeVersion } });
    expect(restored).toEqual({ code: 0, stdout: "restored version 1 as version 3; overall scores follow heuristic v1\n", stderr: "" });
  });

  it("refuses to calibrate politely with too few ratings, and exits 1 when asked to apply", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");

    const asked = await cli("calibrate");
    const applied = await cli("calibrate", "--apply", "--author", admin.email);

    expect(asked).toEqual({ code: 0, stdout: "No proposal: Calibration needs at least 30 rated turns; there are 0.\n", stderr: "" });
    expect(applied).toEqual({ code: 1, stdout: "", stderr: "concord thresholds: no proposal to apply: Calibration needs at least 30 rated turns; there are 0.\n" });
  });
});
