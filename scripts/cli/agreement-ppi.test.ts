// `concord agreement --ppi`, spawned as a user would run it, against ppi_py's figures in
// lib/stats/fixtures/ppi/cli.json (scripts/reference/ppi_reference.py).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runConcord, type Outcome } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
type Row = { id: number; split: string; human: number | null; judge: number | null };
type Figures = { mean: number | null; ci_low: number | null; ci_high: number | null };
type Reference = { ppi: Figures & { lambda: number | null; predictions_constant: boolean }; human_only: Figures; judge_only: number };
type Expected = Reference & { n_labeled: number; n_unlabeled: number; n_dropped: number; n_not_matching?: number; pass_rate?: Reference };
const fixture: { rows: Row[]; runs: { args: string[]; expected: Expected }[] } = JSON.parse(
  readFileSync(join(root, "lib/stats/fixtures/ppi/cli.json"), "utf8"),
);
const TOLERANCE = 1e-12;

function concord(args: string[]): Promise<Outcome> {
  return runConcord(["agreement", "--ppi", ...args]);
}

let dir: string;
const paths: Record<"csv" | "jsonl", string> = { csv: "", jsonl: "" };

function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-ppi-"));
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

/** ppi_py's figures; where every prediction is equal, ppi.ts's documented answer instead. */
function expectFigures(got: Record<string, Record<string, unknown>>, want: Reference, label: string): void {
  const ppi = want.ppi.predictions_constant ? { ...want.human_only, lambda: null } : want.ppi;
  for (const key of ["mean", "ci_low", "ci_high", "lambda"] as const) expectClose(got.ppi[key], ppi[key], `${label}ppi.${key}`);
  for (const key of ["mean", "ci_low", "ci_high"] as const) expectClose(got.human_only[key], want.human_only[key], `${label}human_only.${key}`);
  expectClose(got.judge_only.mean, want.judge_only, `${label}judge_only.mean`);
}

describe("concord agreement --ppi against ppi_py", () => {
  for (const { args, expected } of fixture.runs) {
    it(`reproduces ppi_py from CSV and JSONL with [${args.join(" ")}]`, async () => {
      const outputs = [];
      for (const format of ["csv", "jsonl"] as const) {
        const { code, stdout, stderr } = await concord(["--input", paths[format], "--human", "human", "--judge", "judge", ...args]);
        expect(stderr).toBe("");
        expect(code).toBe(0);
        const output = JSON.parse(stdout);
        expectFigures(output, expected, `${format}: `);
        if (expected.pass_rate) expectFigures(output.pass_rate, expected.pass_rate, `${format}: pass_rate.`);
        else expect(output.pass_rate).toBeUndefined();
        expect(output).toMatchObject({ n_labeled: expected.n_labeled, n_unlabeled: expected.n_unlabeled, n_dropped: expected.n_dropped });
        expect(output.n_not_matching).toBe(expected.n_not_matching);
        outputs.push(output);
      }
      expect(outputs[1]).toEqual(outputs[0]);
    }, 20_000);
  }

  it("covers a pass rate the judge never reaches: λ null, the human-only interval", () => {
    const run = fixture.runs.find((r) => r.expected.pass_rate?.ppi.predictions_constant);
    expect(run?.expected.pass_rate?.judge_only).toBe(0);
  });
});

describe("concord agreement --ppi on bad input", () => {
  it("exits 1 naming the file, line, field and value of a non-numeric human value", async () => {
    const lines = readFileSync(paths.csv, "utf8").split("\n");
    const at = fixture.rows.findIndex((r) => r.human !== null && r.judge !== null);
    lines[at + 1] = lines[at + 1].replace(/,[^,]*,([^,]*)$/, ",good,$1");
    const path = writeTemp("bad.csv", lines.join("\n"));
    const { code, stdout, stderr } = await concord(["--input", path, "--human", "human", "--judge", "judge"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`${path}:${at + 2}: field "human" is not a number: "good"`);
  });

  it("exits 1 saying what is missing when no row is labeled or none is unlabeled", async () => {
    const none = writeTemp("unlabeled.jsonl", '{"h": null, "j": 0.2}\n{"h": "", "j": 0.4}\n');
    const noLabels = await concord(["--input", none, "--human", "h", "--judge", "j"]);
    expect(noLabels.code).toBe(1);
    expect(noLabels.stderr).toContain(`${none}: no labeled rows`);
    const all = writeTemp("labeled.jsonl", '{"h": 1, "j": 0.2}\n{"h": 2, "j": 0.4}\n{"h": 3}\n');
    const noUnlabeled = await concord(["--input", all, "--human", "h", "--judge", "j"]);
    expect(noUnlabeled.code).toBe(1);
    expect(noUnlabeled.stderr).toContain(`${all}: no unlabeled rows`);
    const where = await concord(["--input", paths.csv, "--human", "human", "--judge", "judge", "--where", "split=c"]);
    expect(where.stderr).toContain("no labeled rows: none of the 0 rows matching --where");
  }, 20_000);

  it("exits 1 with the usage on alpha outside (0, 1) or an unknown field", async () => {
    const alpha = await concord(["--input", paths.csv, "--human", "human", "--judge", "judge", "--alpha", "1"]);
    expect(alpha.code).toBe(1);
    expect(alpha.stderr).toContain('--alpha must be in (0, 1), got "1"');
    expect(alpha.stderr).toContain("usage:");
    const field = await concord(["--input", paths.csv, "--human", "rating", "--judge", "judge"]);
    expect(field.code).toBe(1);
    expect(field.stderr).toContain('no field "rating"');
  }, 20_000);
});
