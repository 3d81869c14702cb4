import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "@/lib/server/agreement/test-helpers";
import { getJudgeVersions } from "@/lib/server/judge-versions/get-judge-versions";
import { plantVersions } from "@/lib/server/judge-versions/test-helpers";
import { run } from "./gate.ts";
import { runConcord } from "./run-concord.ts";

async function gate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await run(args), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("concord gate --metric drift", () => {
  it("fails (exit 2) when the newest version is a regression, with the figures of the report's table", async () => {
    const { name } = await plantVersions();
    const result = await gate("--metric", "drift", "--judge", name);
    expect(result.code).toBe(2);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ metric: "drift", judge: name, verdict: "fail", reason: "regression", frozen_items: 39, frozen_sessions: 8, not_run: ["v1b"] });
    expect(output.versions.map((v: { version: string; status: string }) => [v.version, v.status])).toEqual([
      ["1", "first"],
      ["v2", "steady"],
      ["v3", "regression"],
    ]);
    expect(output.newest.version).toBe("v3");
    expect(output.previous.version).toBe("v2");
    expect(output.newest.kappa).toBeLessThan(output.previous.ci_low);
    expect(result.stderr).toMatch(new RegExp(`^FAIL: drift — ${name} v3: κ_q \\d\\.\\d{3} is below v2's interval \\[\\d\\.\\d{3}, \\d\\.\\d{3}\\] on 39 rated items\\n$`));
    // The same κ and interval the report shows once its job has run (same bootstrap, same seed).
    const report = (await getJudgeVersions({ judge: name })).judges[0];
    expect(report.versions.map((v) => v.kappa)).toEqual(output.versions.map((v: { kappa: number }) => v.kappa));
  });

  it("exits 2 through the real command (the compiled CLI) on the database at DATABASE_URL", async () => {
    const { name } = await plantVersions();
    const outcome = await runConcord(["gate", "--metric", "drift", "--judge", name]);
    expect(outcome.code).toBe(2);
    expect(JSON.parse(outcome.stdout)).toMatchObject({ metric: "drift", judge: name, verdict: "fail", newest: { version: "v3" } });
  });

  it("passes (exit 0) once a newer version is back within the interval, and is inconclusive (exit 3) with one version", async () => {
    const { name } = await plantVersions();
    // v4 scores every turn as v2 did.
    await getDb().$executeRawUnsafe(
      `INSERT INTO judges (name, version, kind, created_at) VALUES ($1, 'v4', 'imported', now() + interval '10 minutes')`,
      name,
    );
    await getDb().$executeRawUnsafe(
      `INSERT INTO judge_scores (turn_id, judge_id, overall_score)
       SELECT s.turn_id, (SELECT id FROM judges WHERE name = $1 AND version = 'v4'), s.overall_score
       FROM judge_scores s JOIN judges j ON j.id = s.judge_id WHERE j.name = $1 AND j.version = 'v2'`,
      name,
    );
    const passed = await gate("--metric", "drift", "--judge", name);
    expect(passed.code).toBe(0);
    expect(JSON.parse(passed.stdout)).toMatchObject({ verdict: "pass", newest: { version: "v4" }, previous: { version: "v3" } });

    const single = (await plantTurns([{ score: 0.3, ratings: [["a", 1]] }])).judge;
    const one = await gate("--metric", "drift", "--judge", single);
    expect(one.code).toBe(3);
    expect(JSON.parse(one.stdout)).toMatchObject({ verdict: "inconclusive", reason: "too-few", sentence: `${single} has 1 version with scores on rated items; drift needs two` });
  });

  it("exits 1 on bad input: no judge, an unknown judge, a bad date, a --min", async () => {
    expect((await gate("--metric", "drift")).stderr).toMatch(/drift needs --judge NAME/);
    const unknown = await gate("--metric", "drift", "--judge", uniqueName("nobody"));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No judge named nobody-/);
    const badDate = await gate("--metric", "drift", "--judge", "x", "--from", "2026-02-30");
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toMatch(/--from: Not a calendar date, got "2026-02-30"/);
    const min = await gate("--metric", "drift", "--judge", "x", "--min", "0.5");
    expect(min.code).toBe(1);
    expect(min.stderr).toMatch(/--metric drift takes no --min/);
  });
});
