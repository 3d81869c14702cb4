// `concord agreement --panel` on the cases of lib/stats/fixtures/panel/cases.json
// (scikit-learn, scipy and numpy, by scripts/reference/panel_reference.py), written as CSV
// and as JSONL: every case through panelReport in process, two spawned as a user runs them.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { expectClose } from "../../lib/stats/expect-close.ts";
import { buildReport } from "./agreement.ts";
import { InputError, UsageError } from "./agreement-input.ts";
import { labelsReport } from "./agreement-labels.ts";
import { numericReport } from "./agreement-numeric.ts";
import { parseOptions } from "./agreement-options.ts";
import { panelReport } from "./agreement-panel.ts";
import { runConcord } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
type Value = string | number | boolean | null;
type Row = Record<string, Value>;
type Figures = Record<string, number | null>;
type Case = {
  name: string;
  task: "categorical" | "binary" | "numeric" | "ordinal";
  aggregate: string;
  positive?: string;
  scale?: [number, number];
  judges: string[];
  rows: Row[];
  expected: {
    n: number;
    n_dropped: number;
    aggregated: (string | number)[];
    error_matrix: (number | null)[][];
    n_pairs_used: number;
    mean_error_correlation: number | null;
    n_eff: number | null;
    panel: Figures;
    members: Record<string, Figures>;
  };
};
const { cases }: { cases: Case[] } = JSON.parse(readFileSync(join(root, "lib/stats/fixtures/panel/cases.json"), "utf8"));
const byName = (name: string) => cases.find((c) => c.name === name)!;
const TOLERANCE = 1e-12;

let dir: string;
function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function csv(rows: Row[], fields: string[]): string {
  const cell = (v: Value) => (v === null ? "" : typeof v === "string" ? v : JSON.stringify(v));
  return `${[fields.join(","), ...rows.map((row) => fields.map((f) => cell(row[f])).join(","))].join("\n")}\n`;
}

/** JSONL: missing values alternate between null and an absent field. */
function jsonl(rows: Row[]): string {
  const lines = rows.map((row, t) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null || t % 2 === 0))));
  return `${lines.join("\n")}\n`;
}

const files = new Map<string, { csv: string; jsonl: string }>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-panel-"));
  for (const c of cases) {
    files.set(c.name, {
      csv: writeTemp(`${c.name}.csv`, csv(c.rows, ["id", "human", ...c.judges])),
      jsonl: writeTemp(`${c.name}.jsonl`, jsonl(c.rows)),
    });
  }
});

function argsOf(c: Case, path: string): string[] {
  const args = ["--input", path, "--human", "human", "--judge", c.judges.join(","), "--aggregate", c.aggregate, "--task", c.task];
  if (c.positive !== undefined) args.push("--positive", c.positive);
  if (c.scale) args.push("--scale", c.scale.join(":"));
  return args;
}

function report(args: string[]): Record<string, unknown> {
  const out = panelReport(args);
  if (out === "help") throw new Error("unexpected help");
  return out;
}

/** The figures the reference computed, out of the command's block for the task. */
function picked(task: Case["task"], block: Record<string, unknown>): Figures {
  const kappa = block.kappa as Record<string, number | null> | undefined;
  if (task === "categorical") return { accuracy: block.accuracy, macro_f1: block.macro_f1, kappa_unweighted: kappa!.unweighted } as Figures;
  if (task === "binary") {
    const { accuracy, precision, recall, f1, mcc } = block as Figures;
    return { accuracy, precision, recall, f1, mcc, kappa_unweighted: kappa!.unweighted };
  }
  if (task === "numeric") {
    const { pearson, spearman, kendall_tau_b, mae, rmse } = block as Figures;
    return { pearson, spearman, kendall_tau_b, mae, rmse };
  }
  const { pearson, spearman, kendall_tau_b } = block.dataset_level as Figures;
  const figures: Figures = { pearson, spearman, kendall_tau_b };
  if (kappa) Object.assign(figures, { kappa_unweighted: kappa.unweighted, kappa_quadratic: kappa.quadratic });
  return figures;
}

function expectFigures(actual: Figures, expected: Figures, label: string): void {
  expect(Object.keys(actual).sort(), label).toEqual(Object.keys(expected).sort());
  for (const key of Object.keys(expected)) {
    if (expected[key] === null) expect(actual[key], `${label}.${key}`).toBeNull();
    else expect(Math.abs((actual[key] as number) - expected[key]!), `${label}.${key}`).toBeLessThanOrEqual(TOLERANCE);
  }
}

describe("concord agreement --panel against scikit-learn, scipy and numpy", () => {
  for (const c of cases) {
    it(`${c.name}: the same figures from CSV and JSONL`, () => {
      const { expected } = c;
      for (const format of ["csv", "jsonl"] as const) {
        const got = report(argsOf(c, files.get(c.name)![format]));
        expect([got.n, got.n_dropped, got.task, got.aggregate], format).toEqual([expected.n, expected.n_dropped, c.task, c.aggregate]);
        expectFigures(picked(c.task, got.panel as Record<string, unknown>), expected.panel, `${format} panel`);
        const members = got.members as Record<string, Record<string, unknown>>;
        expect(Object.keys(members)).toEqual(c.judges);
        for (const judge of c.judges) expectFigures(picked(c.task, members[judge]), expected.members[judge], `${format} ${judge}`);
        const correlation = got.error_correlation as { judges: string[]; matrix: (number | null)[][] };
        expect(correlation.judges).toEqual(c.judges);
        expected.error_matrix.forEach((row, i) => row.forEach((r, j) => expectClose(correlation.matrix[i][j], r, TOLERANCE)));
        expect(got.n_pairs_used).toBe(expected.n_pairs_used);
        expectClose(got.mean_error_correlation as number | null, expected.mean_error_correlation, TOLERANCE);
        expectClose(got.n_eff as number | null, expected.n_eff, TOLERANCE);
      }
    });
  }
});

describe("the panel's and each member's block are the single-judge command's", () => {
  /** The panel's kept rows, with the panel's value as a column "panel", as JSONL. */
  function keptWithPanel(c: Case): string {
    const fields = ["human", ...c.judges];
    const kept = c.rows.filter((row) => fields.every((f) => row[f] !== null));
    // Binary: the panel's negative class is "" in the fixture; any negative label reads the same.
    const panel = (v: string | number) => (v === "" ? `not ${c.positive}` : v);
    return writeTemp(`${c.name}-kept.jsonl`, jsonl(kept.map((row, i) => ({ ...row, panel: panel(c.expected.aggregated[i]) }))));
  }

  /** What `concord agreement [--task T]` prints after its counts, for one judge column. */
  function singleJudge(c: Case, path: string, judge: string): Record<string, unknown> {
    const args = ["--input", path, "--human", "human", "--judge", judge];
    if (c.task === "ordinal") {
      const options = parseOptions([...args, ...(c.scale ? ["--scale", c.scale.join(":")] : [])]);
      const { n: _n, n_skipped: _skipped, ...block } = buildReport(options as Exclude<typeof options, "help">);
      return block;
    }
    const single = c.task === "numeric" ? numericReport(args) : labelsReport(c.positive ? [...args, "--positive", c.positive] : args, c.task);
    const { n: _n, n_dropped: _dropped, ...block } = single;
    return block;
  }

  for (const name of ["three-way-ties", "binary-three", "numeric-median-four", "ordinal-mean-scale"]) {
    it(`${name}: equal, figure for figure`, () => {
      const c = byName(name);
      const got = report(argsOf(c, files.get(name)!.csv));
      const path = keptWithPanel(c);
      for (const judge of c.judges) expect((got.members as Record<string, unknown>)[judge]).toEqual(singleJudge(c, path, judge));
      expect(got.panel).toEqual(singleJudge(c, path, "panel"));
    });
  }
});

describe("--where", () => {
  it("gives the report of the matching rows alone, and counts the others in n_not_matching", () => {
    const c = byName("numeric-median-four");
    const matching = c.rows.filter((row) => (row.id as number) % 3 === 0);
    const args = (path: string, ...extra: string[]) => [...argsOf(c, path), ...extra];
    const where = matching.flatMap((row) => ["--where", `id=${row.id}`]);
    const { n_not_matching, ...got } = report(args(files.get(c.name)!.csv, ...where));
    expect(n_not_matching).toBe(c.rows.length - matching.length);
    expect(got).toEqual(report(args(writeTemp("matching.csv", csv(matching, ["id", "human", ...c.judges])))));
  });
});

describe("bad input", () => {
  const c = () => byName("numeric-two-members");
  const path = () => files.get("numeric-two-members")!.csv;
  const base = () => ["--input", path(), "--human", "human", "--task", "numeric"];

  function failure(args: string[]): InputError {
    try {
      panelReport(args);
    } catch (error) {
      if (error instanceof InputError) return error;
      throw error;
    }
    throw new Error("no error");
  }

  it("names a missing column and the file's columns", () => {
    const error = failure([...base(), "--judge", "first,third", "--aggregate", "mean"]);
    expect(error.message).toBe(`no field "third" in the header of ${path()} (columns: id, human, first, second)`);
  });

  it("names the file, line, field and value of a non-number under mean or median", () => {
    const file = writeTemp("word.csv", "human,a,b\n1,2,3\n2,high,3\n");
    for (const aggregate of ["mean", "median"]) {
      const error = failure(["--input", file, "--human", "human", "--judge", "a,b", "--aggregate", aggregate]);
      expect(error.message).toBe(`${file}:3: field "a" is not a number: "high"`);
    }
  });

  it("names the file, line, field and value of a label that is not one under vote", () => {
    const file = writeTemp("object.jsonl", '{"human": "x", "a": "x", "b": "y"}\n{"human": "x", "a": {"k": 1}, "b": "y"}\n');
    const error = failure(["--input", file, "--human", "human", "--judge", "a,b", "--aggregate", "vote", "--task", "categorical"]);
    expect(error.message).toBe(`${file}:2: field "a" must be one label (a string, number or boolean) for --task categorical, got {"k":1}`);
  });

  it("refuses fewer than 2 judge columns, a repeated one, a blank one and the human column", () => {
    const judge = (list: string) => failure([...base(), "--judge", list, "--aggregate", "mean"]);
    expect(judge("first")).toBeInstanceOf(UsageError);
    expect(judge("first").message).toBe(`--judge must name at least 2 columns for a panel, got "first"`);
    expect(judge("first,second,first").message).toBe(`--judge names column "first" twice, in "first,second,first"`);
    expect(judge("first,,second").message).toBe(`--judge must be column names separated by commas, got "first,,second"`);
    expect(judge("first,human").message).toBe(`--judge names the --human column "human"`);
  });

  it("refuses an aggregate the task does not take, naming the flag and the allowed values", () => {
    const with_ = (task: string, aggregate: string) =>
      failure(["--input", path(), "--human", "human", "--judge", "first,second", "--aggregate", aggregate, "--task", task]).message;
    expect(with_("numeric", "vote")).toBe("--aggregate vote applies to --task categorical or binary; with --task numeric use --aggregate mean or median");
    expect(with_("ordinal", "vote")).toBe("--aggregate vote applies to --task categorical or binary; with --task ordinal use --aggregate mean or median");
    expect(with_("categorical", "median")).toBe("--aggregate median applies to --task numeric or ordinal; with --task categorical use --aggregate vote");
    expect(with_("binary", "mean")).toBe("--aggregate mean applies to --task numeric or ordinal; with --task binary use --aggregate vote");
    expect(with_("numeric", "mode")).toBe(`--aggregate must be vote, mean or median, got "mode"`);
    expect(with_("multilabel", "vote")).toBe(`--task must be one of categorical, binary, numeric, ordinal with --panel, got "multilabel"`);
  });

  it("takes --task ordinal by default, as `concord agreement` does", () => {
    const error = failure(["--input", path(), "--human", "human", "--judge", "first,second", "--aggregate", "vote"]);
    expect(error.message).toBe("--aggregate vote applies to --task categorical or binary; with --task ordinal use --aggregate mean or median");
    const got = report(["--input", path(), "--human", "human", "--judge", "first,second", "--aggregate", "mean"]);
    expect(got.task).toBe("ordinal");
    expect(got.n).toBe(c().expected.n);
  });

  it("asks for --positive with binary only, and --scale with ordinal only", () => {
    const args = (...extra: string[]) => ["--input", path(), "--human", "human", "--judge", "first,second", ...extra];
    expect(failure(args("--aggregate", "vote", "--task", "binary")).message).toBe("--task binary needs --positive LABEL: the label that counts as positive");
    expect(failure(args("--aggregate", "vote", "--task", "categorical", "--positive", "x")).message).toBe("--positive applies to --task binary only, not categorical");
    expect(failure(args("--aggregate", "mean", "--task", "numeric", "--scale", "1:5")).message).toBe("--scale applies to --task ordinal only, not numeric");
  });

  it("says so when every row has a missing value", () => {
    const file = writeTemp("empty.csv", "human,a,b\n1,,3\n,2,3\n");
    expect(failure(["--input", file, "--human", "human", "--judge", "a,b", "--aggregate", "mean"]).message).toBe(
      `${file}: no row to compare: none of its 2 rows has a value in every one of "human", "a", "b"`,
    );
  });
});

describe("concord agreement --panel as a process", { timeout: 60_000 }, () => {
  it("prints the report as JSON and exits 0", async () => {
    const c = byName("three-way-ties");
    const { code, stdout, stderr } = await runConcord(["agreement", "--panel", ...argsOf(c, files.get(c.name)!.csv)]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(report(argsOf(c, files.get(c.name)!.csv)));
  });

  it("exits 1 with the reason and the usage on a bad flag", async () => {
    const { code, stdout, stderr } = await runConcord(["agreement", "--panel", "--input", "x.csv", "--human", "h", "--judge", "a,b", "--aggregate", "vote", "--task", "numeric"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^concord agreement --panel: --aggregate vote applies to --task categorical or binary; with --task numeric use --aggregate mean or median\n\nusage:/);
  });
});
