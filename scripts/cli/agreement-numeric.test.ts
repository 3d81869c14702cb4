// `concord agreement --task numeric`, spawned as a user would run it, against scipy, numpy
// and pingouin in lib/stats/fixtures/numeric/cli.json (scripts/reference/numeric_reference.py).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { numericReport } from "./agreement-numeric.ts";
import { runConcord, type Outcome } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
type Row = { id: number; split: string; human: number | null; judge: number | null };
type Pair = { icc2_1: number | null; icc3_1: number | null };
type Expected = Record<"pearson" | "spearman" | "kendall_tau_b" | "mae" | "rmse" | "ccc", number | null> & {
  n: number;
  n_dropped: number;
  icc: Pair;
  icc_ci95: { icc2_1: [number, number] | null; icc3_1: [number, number] | null };
};
const fixture: { rows: Row[]; runs: { args: string[]; expected: Expected }[] } = JSON.parse(
  readFileSync(join(root, "lib/stats/fixtures/numeric/cli.json"), "utf8"),
);
const TOLERANCE = 1e-12;
const FIGURES = ["pearson", "spearman", "kendall_tau_b", "mae", "rmse", "ccc"] as const;

function concord(args: string[]): Promise<Outcome> {
  return runConcord(["agreement", "--task", "numeric", ...args]);
}

let dir: string;
const paths: Record<"csv" | "jsonl", string> = { csv: "", jsonl: "" };

function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-numeric-"));
  const cell = (v: number | null) => (v === null ? "" : String(v));
  const csv = ["id,split,human,judge", ...fixture.rows.map((r) => [r.id, r.split, cell(r.human), cell(r.judge)].join(","))];
  paths.csv = writeTemp("rows.csv", `${csv.join("\n")}\n`);
  // JSONL: some missing values are null, others an absent field; both mean the same.
  const jsonl = fixture.rows.map((r) => {
    const record: Record<string, unknown> = { ...r };
    if (r.human === null && r.id % 2 === 0) delete record.human;
    if (r.judge === null && r.id % 2 === 1) delete record.judge;
    return JSON.stringify(record);
  });
  paths.jsonl = writeTemp("rows.jsonl", `${jsonl.join("\n")}\n`);
});

function expectClose(actual: unknown, expected: number | null, label: string): void {
  if (expected === null) return void expect(actual, label).toBeNull();
  expect(typeof actual, label).toBe("number");
  expect(Math.abs((actual as number) - expected), label).toBeLessThanOrEqual(TOLERANCE);
}

function expectReport(got: Record<string, unknown>, want: Expected, label: string): void {
  expect(got.n, label).toBe(want.n);
  expect(got.n_dropped, label).toBe(want.n_dropped);
  for (const key of FIGURES) expectClose(got[key], want[key], `${label}${key}`);
  const icc = got.icc as Pair;
  expect(Object.keys(icc).sort()).toEqual(["icc2_1", "icc3_1"]);
  const ci = got.icc_ci95 as Expected["icc_ci95"];
  for (const key of ["icc2_1", "icc3_1"] as const) {
    expectClose(icc[key], want.icc[key], `${label}icc.${key}`);
    expectClose(ci[key]?.[0], want.icc_ci95[key]![0], `${label}icc_ci95.${key}[0]`);
    expectClose(ci[key]?.[1], want.icc_ci95[key]![1], `${label}icc_ci95.${key}[1]`);
  }
}

describe("concord agreement --task numeric against scipy, numpy and pingouin", { timeout: 60_000 }, () => {
  for (const { args, expected } of fixture.runs) {
    it(`reproduces the references from CSV and JSONL with [${args.join(" ")}]`, async () => {
      const outputs = [];
      for (const format of ["csv", "jsonl"] as const) {
        const { code, stdout, stderr } = await concord(["--input", paths[format], "--human", "human", "--judge", "judge", ...args]);
        expect(stderr).toBe("");
        expect(code).toBe(0);
        const output = JSON.parse(stdout);
        expectReport(output, expected, `${format}: `);
        outputs.push(output);
      }
      expect(outputs[1]).toEqual(outputs[0]);
      expect(outputs[0].n_not_matching === undefined).toBe(args.length === 0);
    });
  }

  it("gives the same object through numericReport, for reuse", () => {
    const { expected } = fixture.runs[0];
    expectReport(numericReport(["--input", paths.csv, "--human", "human", "--judge", "judge"]), expected, "numericReport: ");
  });

  it("prints the usage with --help and exits 0", async () => {
    const { code, stdout } = await concord(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("concord agreement --task numeric --input FILE");
  });
});

describe("concord agreement --task numeric on bad input", { timeout: 60_000 }, () => {
  it("exits 1 naming the file, line, field and value of a non-numeric score", async () => {
    const lines = readFileSync(paths.csv, "utf8").split("\n");
    const at = fixture.rows.findIndex((r) => r.human !== null && r.judge !== null);
    lines[at + 1] = lines[at + 1].replace(/,[^,]*$/, ",high");
    const path = writeTemp("bad.csv", lines.join("\n"));
    const { code, stdout, stderr } = await concord(["--input", path, "--human", "human", "--judge", "judge"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`${path}:${at + 2}: field "judge" is not a number: "high"`);
    expect(() => numericReport(["--input", path, "--human", "human", "--judge", "judge"])).toThrow(/is not a number/);
  });

  it("exits 1 when no row has both values, or with the usage on a missing option or unknown field", async () => {
    const none = writeTemp("none.jsonl", '{"h": null, "j": 0.2}\n{"h": 2}\n');
    const empty = await concord(["--input", none, "--human", "h", "--judge", "j"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(`${none}: no pairs`);
    const missing = await concord(["--input", paths.csv, "--human", "human"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("missing --judge");
    expect(missing.stderr).toContain("usage:");
    const field = await concord(["--input", paths.csv, "--human", "rating", "--judge", "judge"]);
    expect(field.code).toBe(1);
    expect(field.stderr).toContain('no field "rating"');
  });

  it("reports two pairs in full, the ICCs too (pingouin wants five ratings, McGraw & Wong do not)", async () => {
    const two = writeTemp("two.csv", "human,judge\n1,2\n3,2.5\n");
    const { code, stdout } = await concord(["--input", two, "--human", "human", "--judge", "judge"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({ n: 2, n_dropped: 0, pearson: 1, kendall_tau_b: 1, mae: 0.75 });
    expect(output.icc.icc3_1).not.toBeNull();
  });
});
