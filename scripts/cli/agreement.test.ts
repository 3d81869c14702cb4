import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { run } from "./agreement.ts";
import { runConcord, type Outcome } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fixtures = join(root, "lib/stats/fixtures");
const expected = JSON.parse(readFileSync(join(fixtures, "expected.json"), "utf8"));
const scoredPath = join(fixtures, "scored.jsonl");
const pairwisePath = join(fixtures, "pairwise.jsonl");
const SCORED_ARGS = ["--input", scoredPath, "--human", "human", "--judge", "judge"];
const KAPPA_ARGS = ["--group", "group_id", "--scale", "1:4", "--judge-cuts", "0.5,0.65,0.8"];

function concord(args: string[]): Promise<Outcome> {
  return runConcord(["agreement", ...args]);
}

/** Calls run() in this process, capturing what it writes. */
async function runHere(args: string[]): Promise<Outcome> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await run(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** Every number in `want` (recursively) is matched within tolerance; p-values relatively. */
function expectMatches(got: Record<string, unknown>, want: Record<string, unknown>, path = ""): void {
  for (const [key, value] of Object.entries(want)) {
    const actual = got[key];
    if (value === null || typeof value === "string") expect(actual, `${path}${key}`).toBe(value);
    else if (typeof value === "number") {
      expect(typeof actual, `${path}${key}`).toBe("number");
      const tolerance = key.endsWith("_p") ? 1e-6 * Math.abs(value) : 1e-9;
      expect(Math.abs((actual as number) - value), `${path}${key}`).toBeLessThanOrEqual(tolerance);
    } else expectMatches(actual as Record<string, unknown>, value as Record<string, unknown>, `${path}${key}.`);
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-agreement-"));
});
afterEach(() => vi.restoreAllMocks());

function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("concord agreement (spawned)", () => {
  it("reproduces expected.json on scored.jsonl: dataset level, group level and κ", async () => {
    const { code, stdout, stderr } = await concord([...SCORED_ARGS, ...KAPPA_ARGS]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    const { kappa_method: _method, ...want } = expected.scored;
    expectMatches(output, want);
    expect(output.n_skipped).toBe(0);
    expect(output.dataset_level.spearman_ci).toHaveLength(2);
    expect(output.kappa.confusion_matrix).toHaveLength(4);
  });

  it("reproduces expected.json on pairwise.jsonl", async () => {
    const { code, stdout } = await concord([
      "--pairwise", "--input", pairwisePath, "--human", "human_winner", "--judge", "judge_winner",
      "--pass1", "judge_winner_pass1", "--pass2", "judge_winner_pass2",
    ]);
    expect(code).toBe(0);
    expectMatches(JSON.parse(stdout), expected.pairwise);
  });

  it("exits 1 naming the line and field of a non-numeric score", async () => {
    const lines = readFileSync(scoredPath, "utf8").split("\n");
    lines[4] = lines[4].replace(/"judge": [0-9.]+/, '"judge": "high"');
    const path = writeTemp("bad-score.jsonl", lines.join("\n"));
    const { code, stdout, stderr } = await concord(["--input", path, "--human", "human", "--judge", "judge"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`${path}:5: field "judge" is not a number: "high"`);
  });
});

describe("concord agreement input handling", () => {
  it("reads the same figures from CSV, by extension or by sniffing", async () => {
    const rows = readFileSync(scoredPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const csv = ["item_id,group_id,persona,human,judge", ...rows.map((r) => [r.item_id, r.group_id, r.persona, r.human, r.judge].join(","))].join("\n");
    const fromJsonl = JSON.parse((await runHere([...SCORED_ARGS, ...KAPPA_ARGS])).stdout);
    for (const name of ["scored.csv", "scored.data"]) {
      const path = writeTemp(name, csv);
      const result = await runHere(["--input", path, "--human", "human", "--judge", "judge", ...KAPPA_ARGS]);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(fromJsonl);
    }
  });

  it("skips rows whose human or judge value is null or empty and counts them", async () => {
    const path = writeTemp("gaps.jsonl", [
      '{"h": 1, "j": 0.2}', '{"h": null, "j": 0.4}', '{"h": 2, "j": ""}', '{"h": 3, "j": 0.9}', '{"h": "4", "j": "0.7"}',
    ].join("\n"));
    const output = JSON.parse((await runHere(["--input", path, "--human", "h", "--judge", "j"])).stdout);
    expect(output.n).toBe(3);
    expect(output.n_skipped).toBe(2);
  });

  it("keeps only rows matching --where, OR within a field and AND across fields", async () => {
    const rows = readFileSync(scoredPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const count = rows.filter((r) => ["thesis", "synthesis"].includes(r.persona) && r.human >= 3).length;
    const output = JSON.parse(
      (await runHere([...SCORED_ARGS, "--where", "persona=thesis", "--where", "persona=synthesis", "--where", "human=3"])).stdout,
    );
    const exactly3 = rows.filter((r) => ["thesis", "synthesis"].includes(r.persona) && r.human === 3).length;
    expect(exactly3).toBeLessThan(count);
    expect(output.n).toBe(exactly3);
    expect(output.n_not_matching).toBe(rows.length - exactly3);
  });

  it("leaves out group_level without --group and kappa without --scale", async () => {
    const output = JSON.parse((await runHere(SCORED_ARGS)).stdout);
    expect(Object.keys(output)).toEqual(["n", "n_skipped", "dataset_level"]);
  });

  it("rounds and clips the judge like the human when no cut-offs are given", async () => {
    const path = writeTemp("levels.jsonl", ['{"h": 1, "j": 1.4}', '{"h": 2, "j": 2.5}', '{"h": 4, "j": 9}', '{"h": 3, "j": 0}'].join("\n"));
    const output = JSON.parse((await runHere(["--input", path, "--human", "h", "--judge", "j", "--scale", "1:4"])).stdout);
    expect(output.kappa.confusion_matrix).toEqual([[1, 0, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1]]);
  });

  it("prints null, not NaN, for undefined figures", async () => {
    const path = writeTemp("constant.jsonl", ['{"h": 2, "j": 0.1}', '{"h": 2, "j": 0.5}', '{"h": 2, "j": 0.9}'].join("\n"));
    const output = JSON.parse((await runHere(["--input", path, "--human", "h", "--judge", "j", "--scale", "1:4"])).stdout);
    expect(output.dataset_level.spearman).toBeNull();
    expect(output.dataset_level.kendall_p).toBeNull();
  });
});

describe("concord agreement bad input", () => {
  const cases: [string, () => string[], RegExp][] = [
    ["a missing file", () => ["--input", join(dir, "nope.jsonl"), "--human", "h", "--judge", "j"], /cannot read .*nope\.jsonl: ENOENT/],
    ["a bad JSON line", () => ["--input", writeTemp("bad.jsonl", '{"h": 1, "j": 2}\n{"h": 1,\n'), "--human", "h", "--judge", "j"], /bad\.jsonl:2: not valid JSON/],
    ["a field missing on a line", () => ["--input", writeTemp("hole.jsonl", '{"h": 1, "j": 2}\n{"h": 1}\n'), "--human", "h", "--judge", "j"], /hole\.jsonl:2: missing field "j"/],
    ["a field missing from the CSV header", () => ["--input", writeTemp("cols.csv", "h,x\n1,2\n"), "--human", "h", "--judge", "j"], /no field "j" in the header of .*cols\.csv \(columns: h, x\)/],
    ["a non-numeric CSV cell", () => ["--input", writeTemp("text.csv", "h,j\n1,0.2\n2,abc\n"), "--human", "h", "--judge", "j"], /text\.csv:3: field "j" is not a number: "abc"/],
    ["an unknown verdict", () => ["--pairwise", "--input", writeTemp("pw.jsonl", '{"h": "A", "j": "C"}\n'), "--human", "h", "--judge", "j"], /pw\.jsonl:1: field "j" must be model_a, tie or model_b/],
    ["an unknown option", () => [...SCORED_ARGS, "--colour"], /Unknown option '--colour'/],
    ["a missing --judge", () => ["--input", scoredPath, "--human", "human"], /missing --judge/],
    ["a malformed --scale", () => [...SCORED_ARGS, "--scale", "1-4"], /--scale must be LO:HI/],
    ["cut-offs out of order", () => [...SCORED_ARGS, "--scale", "1:4", "--judge-cuts", "0.8,0.5"], /--judge-cuts must be ascending/],
    ["too many cut-offs", () => [...SCORED_ARGS, "--scale", "1:3", "--judge-cuts", "0.5,0.65,0.8"], /takes at most 2/],
    ["--judge-cuts without --scale", () => [...SCORED_ARGS, "--judge-cuts", "0.5"], /--judge-cuts needs --scale/],
    ["--scale with --pairwise", () => ["--pairwise", ...SCORED_ARGS, "--scale", "1:4"], /--scale is not used with --pairwise/],
    ["a --where field that no row has", () => [...SCORED_ARGS, "--where", "colour=red"], /no field "colour"/],
    ["a missing group id", () => ["--input", writeTemp("nogroup.jsonl", '{"h": 1, "j": 2, "g": "a"}\n{"h": 2, "j": 3, "g": null}\n'), "--human", "h", "--judge", "j", "--group", "g"], /nogroup\.jsonl:2: field "g" must be a group id/],
  ];
  it.each(cases)("exits 1 with the reason on stderr for %s", async (_, args, message) => {
    const { code, stdout, stderr } = await runHere(args());
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });

  it("prints its usage for --help and exits 0", async () => {
    const { code, stdout } = await runHere(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage:\n {2}concord agreement --input FILE/);
  });
});
