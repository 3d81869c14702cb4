// `concord calibrate`, spawned as a user would run it, against scikit-learn's figures in
// lib/stats/fixtures/isotonic/cli.json (scripts/reference/isotonic_reference.py).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runConcord } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
type Row = { id: number; group: string; human: number | null; judge: number | null };
type Expected = { n: number; map: { x: number[]; y: number[] }; out_of_fold: { mae: number; mae_raw: number } };
const fixture: { rows: Row[]; runs: { where: string | null; expected: Expected }[] } = JSON.parse(
  readFileSync(join(root, "lib/stats/fixtures/isotonic/cli.json"), "utf8"),
);

let dir: string;
const paths: Record<"csv" | "jsonl", string> = { csv: "", jsonl: "" };

function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-calibrate-"));
  const cell = (v: number | null) => (v === null ? "" : String(v));
  const csv = ["id,group,human,judge", ...fixture.rows.map((r) => [r.id, r.group, cell(r.human), cell(r.judge)].join(","))];
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

function calibrate(path: string, ...extra: string[]) {
  return runConcord(["calibrate", "--input", path, "--human", "human", "--judge", "judge", "--method", "isotonic", ...extra]);
}

describe("concord calibrate --method isotonic", () => {
  for (const format of ["csv", "jsonl"] as const) {
    for (const { where, expected } of fixture.runs) {
      it(`prints scikit-learn's map and out-of-fold errors from ${format}${where ? ` with --where group=${where}` : ""}`, async () => {
        const outcome = await calibrate(paths[format], ...(where ? ["--where", `group=${where}`] : []));
        expect(outcome.stderr).toBe("");
        expect(outcome.code).toBe(0);
        const report = JSON.parse(outcome.stdout);
        expect(Object.keys(report)).toEqual(["n", "map", "out_of_fold"]);
        expect(Object.keys(report.out_of_fold)).toEqual(["mae", "mae_raw"]);
        expect(report.n).toBe(expected.n);
        expect(report.map).toEqual(expected.map);
        // To the last bit: the same doubles through JSON, numpy's summation order.
        expect(report.out_of_fold).toEqual(expected.out_of_fold);
      }, 60_000);
    }
  }

  it("names a missing column and the columns there are", async () => {
    const outcome = await runConcord(["calibrate", "--input", paths.csv, "--human", "rating", "--judge", "judge", "--method", "isotonic"]);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`no field "rating" in the header of ${paths.csv} (columns: id, group, human, judge)`);
  }, 60_000);

  it("names the file, line, field and value of a score that is not a number", async () => {
    const path = writeTemp("bad.csv", "human,judge\n1,0.1\n2,0.2\n3,high\n4,0.4\n5,0.5\n");
    const outcome = await calibrate(path);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe(`concord calibrate: ${path}:4: field "judge" is not a number: "high"\n`);
  }, 60_000);

  it("refuses fewer than five rows with both values", async () => {
    const path = writeTemp("short.jsonl", ['{"human":1,"judge":0.1}', '{"human":2,"judge":0.2}', '{"human":null,"judge":0.3}', '{"human":4,"judge":0.4}', '{"human":5}', '{"human":3,"judge":0.5}'].join("\n"));
    const outcome = await calibrate(path);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`${path}: 4 of its 6 rows have both a "human" value and a "judge" value; calibrating with 5-fold cross-fitting needs at least 5`);
  }, 60_000);

  it("refuses an unknown method, and a missing one, with the usage", async () => {
    const unknown = await runConcord(["calibrate", "--input", paths.csv, "--human", "human", "--judge", "judge", "--method", "platt"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`--method must be isotonic, got "platt"`);
    expect(unknown.stderr).toContain("usage:");
    const missing = await runConcord(["calibrate", "--input", paths.csv, "--human", "human", "--judge", "judge"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("missing --method");
  }, 60_000);

  it("names a file that cannot be read", async () => {
    const outcome = await calibrate(join(dir, "nowhere.csv"));
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`cannot read ${join(dir, "nowhere.csv")}: ENOENT`);
  }, 60_000);
});
