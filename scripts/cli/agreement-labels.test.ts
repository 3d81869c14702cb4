// `concord agreement --task binary|categorical|multilabel`, spawned as a user would run it,
// on the cases of lib/stats/fixtures/classification/*.json (scikit-learn 1.2's figures, by
// scripts/reference/classification_reference.py) written as CSV and as JSONL: every case
// through labelsReport in process, a few as spawned processes (each spawn costs ~1 s).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compareCodePoints } from "../../lib/stats/label-codes.ts";
import { labelsReport } from "./agreement-labels.ts";
import { runConcord, type Outcome } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
type Scalar = string | number | boolean;
type Value = Scalar | Scalar[] | null;
type Case = { name: string; human: Value[]; judge: Value[]; positive?: string; expected: Record<string, unknown> };
const TASKS = ["categorical", "binary", "multilabel"] as const;
const cases = (task: string): Case[] =>
  JSON.parse(readFileSync(join(root, `lib/stats/fixtures/classification/${task}.json`), "utf8")).cases;
const TOLERANCE = 1e-12;

function concord(args: string[]): Promise<Outcome> {
  return runConcord(["agreement", ...args]);
}

let dir: string;

function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const isPipeable = (set: Scalar[]) => set.length > 0 && set.every((v) => !String(v).includes("|"));

/** JSONL: missing values alternate between null and an absent field; some sets as "a|b" text. */
function jsonl(c: Case): string {
  const lines = c.human.map((human, t) => {
    const record: Record<string, unknown> = { id: t };
    for (const [field, value] of [["human", human], ["judge", c.judge[t]]] as const) {
      if (value === null && t % 2 === 1) continue;
      record[field] = Array.isArray(value) && t % 3 === 1 && isPipeable(value) ? value.join("|") : value;
    }
    return JSON.stringify(record);
  });
  return `${lines.join("\n")}\n`;
}

/** CSV: a missing value is a blank cell; a set is "a|b" text or JSON array text, [] when empty. */
function csv(c: Case): string {
  const text = (value: Value, t: number): string => {
    if (value === null) return "";
    if (!Array.isArray(value)) return typeof value === "string" ? value : JSON.stringify(value);
    return t % 2 === 0 && isPipeable(value) ? value.join("|") : JSON.stringify(value);
  };
  const cell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = c.human.map((human, t) => [String(t), text(human, t), text(c.judge[t], t)].map(cell).join(","));
  return `${["id,human,judge", ...lines].join("\n")}\n`;
}

/** Every expected key present, numbers within TOLERANCE, everything else equal. */
function expectMatches(actual: unknown, expected: unknown, at: string): void {
  if (typeof expected === "number") {
    expect(typeof actual, at).toBe("number");
    expect(Math.abs((actual as number) - expected), at).toBeLessThanOrEqual(TOLERANCE);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, at).toBe(expected.length);
    expected.forEach((item, i) => expectMatches((actual as unknown[])[i], item, `${at}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    expect(Object.keys(actual as object).sort(), at).toEqual(Object.keys(expected).sort());
    for (const [key, item] of Object.entries(expected)) expectMatches((actual as Record<string, unknown>)[key], item, `${at}.${key}`);
  } else expect(actual, at).toEqual(expected);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-labels-"));
});

/** scikit-learn's figures, plus the keys the command adds (positive, labels). */
function expectedOutput(task: string, c: Case): Record<string, unknown> {
  const expected: Record<string, unknown> = { ...c.expected };
  if (task === "binary") expected.positive = c.positive;
  if (task === "multilabel") expected.labels = Object.keys(c.expected.per_label as object).sort(compareCodePoints);
  return expected;
}

const fieldArgs = (task: string, path: string, c: Case) => [
  "--input", path, "--human", "human", "--judge", "judge", ...(c.positive === undefined ? [] : ["--positive", c.positive]),
];

describe("labelsReport against scikit-learn, from CSV and JSONL", () => {
  for (const task of TASKS) {
    cases(task).forEach((c, index) => {
      it(`reproduces every figure: ${task}, ${c.name}`, () => {
        const reports = [csv(c), jsonl(c)].map((content, f) => {
          const path = writeTemp(`${task}-${index}.${f === 0 ? "csv" : "jsonl"}`, content);
          return labelsReport(fieldArgs(task, path, c), task);
        });
        for (const report of reports) expectMatches(report, expectedOutput(task, c), task);
        expect(reports[1]).toEqual(reports[0]);
      });
    });
  }
});

/** Spawned on a few cases of each task; labelsReport above covers every case. */
const SPAWNED: Record<(typeof TASKS)[number], string[]> = {
  categorical: ["three classes with missing values", "unicode, spaces, commas and quotes"],
  binary: ["yes against two negative labels, with missing values", "both sides all negative"],
  multilabel: ["five labels with empty sets and missing values", "unicode, numeric-looking and punctuated labels"],
};

describe("concord agreement --task … as a process", { timeout: 60_000 }, () => {
  for (const task of TASKS) {
    for (const name of SPAWNED[task]) {
      it(`prints scikit-learn's figures from CSV and JSONL: ${task}, ${name}`, async () => {
        const c = cases(task).find((each) => each.name === name)!;
        const runs = await Promise.all(
          [csv(c), jsonl(c)].map((content, f) => {
            const path = writeTemp(`spawned-${task}-${name.length}.${f === 0 ? "csv" : "jsonl"}`, content);
            return concord(["--task", task, ...fieldArgs(task, path, c)]);
          }),
        );
        const { tp, fp, fn } = c.expected as Record<string, number>;
        const warning = task === "binary" && tp + fp + fn === 0 ? `warning: --positive "${c.positive}" equals no value` : null;
        for (const { code, stdout, stderr } of runs) {
          expect(code, stderr).toBe(0);
          if (warning) expect(stderr).toContain(warning);
          else expect(stderr).toBe("");
          expectMatches(JSON.parse(stdout), expectedOutput(task, c), task);
        }
        expect(runs[1].stdout).toBe(runs[0].stdout);
      });
    }
  }
});

describe("concord agreement --task … on bad input", { timeout: 60_000 }, () => {
  const args = (task: string, path: string, ...more: string[]) => ["--task", task, "--input", path, "--human", "h", "--judge", "j", ...more];
  const report = (task: string, path: string, ...more: string[]) => () => labelsReport(args(task, path, ...more).slice(2), task);

  it("exits 1 naming the file, line, field and value of a JSON array given as a categorical label", async () => {
    const path = writeTemp("array.jsonl", '{"h": "a", "j": "a"}\n\n{"h": "b", "j": ["a", "b"]}\n');
    const { code, stdout, stderr } = await concord(args("categorical", path));
    expect([code, stdout]).toEqual([1, ""]);
    expect(stderr).toContain(`${path}:3: field "j" must be one label (a string, number or boolean) for --task categorical, got ["a","b"]`);
  });

  it("rejects a multi-label value that is neither an array nor a|b text, or has a blank label", () => {
    const number = writeTemp("number.jsonl", '{"h": ["a"], "j": ["a"]}\n{"h": 3, "j": []}\n');
    expect(report("multilabel", number)).toThrow(`${number}:2: field "h" must be a set of labels (a JSON array, or text "a|b|c"), got 3`);
    const blank = writeTemp("blank.csv", "h,j\na|b,a\nb,a||c\n");
    expect(report("multilabel", blank)).toThrow(`${blank}:3: field "j" has a blank label in "a|b|c" text (write [] for the empty set), got "a||c"`);
    const broken = writeTemp("broken.csv", 'h,j\n"[""a"", ",a\n');
    expect(report("multilabel", broken)).toThrow(`${broken}:2: field "h" starts with "[" but is not a JSON array of labels, got "[\\"a\\", "`);
    const nested = writeTemp("nested.jsonl", '{"h": [["a"]], "j": ["a"]}\n');
    expect(report("multilabel", nested)).toThrow(`${nested}:1: field "h" must hold labels (strings, numbers or booleans) only; ["a"] is not one`);
  });

  it("exits 1 with the usage when --positive is missing for binary or a flag is unknown", async () => {
    const path = writeTemp("yes-no.csv", "h,j\nyes,no\nno,no\n");
    const missing = await concord(args("binary", path));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--task binary needs --positive LABEL");
    expect(missing.stderr).toContain("usage:");
    const unknown = await concord(args("binary", path, "--positive", "yes", "--scale", "1:5"));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--scale");
    expect(unknown.stderr).toContain("usage:");
    expect(report("categorical", path, "--positive", "yes")).toThrow("--positive applies to --task binary only, not categorical");
  });

  it("rejects a field absent from the file, and a file where no row has both values", () => {
    const path = writeTemp("half.jsonl", '{"h": "a", "j": null}\n{"h": "", "j": "b"}\n{"j": "c"}\n');
    expect(() => labelsReport(["--input", path, "--human", "human", "--judge", "j"], "categorical")).toThrow(`no field "human" in ${path}`);
    expect(report("categorical", path)).toThrow(`${path}: no row to compare: none of its 3 rows has both a "h" and a "j" value`);
  });

  it("warns on stderr, and still reports, when --positive equals no value", async () => {
    const path = writeTemp("case.csv", "h,j\nyes,no\nno,yes\n");
    const { code, stdout, stderr } = await concord(args("binary", path, "--positive", "Yes"));
    expect(code).toBe(0);
    expect(stderr).toContain('warning: --positive "Yes" equals no value of "h" or "j"');
    expect(JSON.parse(stdout)).toMatchObject({ n: 2, tp: 0, fp: 0, fn: 0, tn: 2, recall: 0 });
  });

  it("keeps the rows passing --where and counts the others", () => {
    const path = writeTemp("where.csv", "h,j,split\na,a,x\na,b,y\nb,b,x\n,b,x\n");
    expect(report("categorical", path, "--where", "split=x")()).toMatchObject({ n: 2, n_dropped: 1, n_not_matching: 1, accuracy: 1 });
  });

  it("prints its usage with --help", async () => {
    const { code, stdout } = await concord(["--task", "multilabel", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("concord agreement --task multilabel --input FILE");
  });
});
