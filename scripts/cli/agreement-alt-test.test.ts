// `concord agreement --alt-test` run as a user would, on the fixtures of lib/stats/alt-test
// written out as long CSV and JSONL, against the figures of the authors' own code.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runConcord, type Outcome } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

type Fixture = {
  options: { alignment: string; epsilon: number; q: number; min_raters: number; min_items: number };
  ratings: [string, string, string | number][];
  judge: Record<string, string | number>;
  expected: {
    n_items: number;
    winning_rate: number | null;
    advantage_probability: number | null;
    raters: { rater: string; n_items: number; skipped: boolean; p_value: number | null; won: boolean; judge_advantage: number | null }[];
  };
};
const fixture = (name: string): Fixture => JSON.parse(readFileSync(join(root, "lib/stats/fixtures/alt-test", `${name}.json`), "utf8"));

function concord(args: string[]): Promise<Outcome> {
  return runConcord(["agreement", "--alt-test", ...args]);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "concord-alt-test-"));
});

function writeTemp(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** One row per rating, the judge's value (or nothing) on every row of the item. */
function writeFixture(name: string, f: Fixture, format: "csv" | "jsonl"): string {
  const lines = f.ratings.map(([item, rater, human]) => {
    const judge = f.judge[item] ?? null;
    return format === "csv" ? [item, rater, human, judge ?? ""].join(",") : JSON.stringify({ item, rater, human, judge });
  });
  return writeTemp(`${name}.${format}`, (format === "csv" ? ["item,rater,human,judge", ...lines] : lines).join("\n"));
}

function argsFor(path: string, f: Fixture): string[] {
  const o = f.options;
  return [
    "--input", path, "--item", "item", "--rater", "rater", "--human", "human", "--judge", "judge",
    "--epsilon", String(o.epsilon), "--alignment", o.alignment, "--q", String(o.q),
    "--min-raters", String(o.min_raters), "--min-items", String(o.min_items),
  ];
}

function expectReference(output: Record<string, unknown>, f: Fixture): void {
  const want = f.expected;
  expect(output.n_items).toBe(want.n_items);
  expect(Math.abs((output.winning_rate as number) - want.winning_rate!)).toBeLessThanOrEqual(1e-12);
  expect(Math.abs((output.advantage_probability as number) - want.advantage_probability!)).toBeLessThanOrEqual(1e-12);
  expect(output.passed).toBe(want.winning_rate! >= 0.5);
  const raters = output.raters as { rater: string; n_items: number; p_value: number | null; won: boolean; judge_advantage: number | null; skipped: string | null }[];
  expect(raters.map((r) => r.rater)).toEqual(want.raters.map((r) => r.rater));
  raters.forEach((got, k) => {
    const rater = want.raters[k];
    expect([got.n_items, got.won, got.skipped !== null, got.p_value === null], rater.rater).toEqual([rater.n_items, rater.won, rater.skipped, rater.p_value === null]);
    if (rater.p_value !== null) expect(Math.abs(got.p_value! - rater.p_value), rater.rater).toBeLessThanOrEqual(1e-12);
    if (rater.judge_advantage !== null) expect(Math.abs(got.judge_advantage! - rater.judge_advantage), rater.rater).toBeLessThanOrEqual(1e-12);
  });
}

describe("concord agreement --alt-test (spawned)", () => {
  const cases = ["accuracy-basic", "neg-rmse-likert", "accuracy-integers", "options"].flatMap((name) =>
    (["csv", "jsonl"] as const).map((format) => [name, format] as const),
  );
  it.each(cases)("reproduces the authors' figures on %s as %s", async (name, format) => {
    const f = fixture(name);
    const { code, stdout, stderr } = await concord(argsFor(writeFixture(name, f, format), f));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expectReference(output, f);
    expect(output).toMatchObject({ epsilon: f.options.epsilon, alignment: f.options.alignment, q: f.options.q, n_skipped: 0 });
  });

  it("skips and counts rows with a blank human value, and takes the judge from any row of the item", async () => {
    const f = fixture("neg-rmse-likert");
    const firstOfItem = new Set<string>();
    const lines = f.ratings.map(([item, rater, human]) => {
      const judge = firstOfItem.has(item) ? "" : (f.judge[item] ?? "");
      firstOfItem.add(item);
      return `${item},${rater},${human},${judge}`;
    });
    lines.splice(5, 0, "item-9999,p1,,4", "item-0001,p9, ,");
    const path = writeTemp("sparse-judge.csv", ["item,rater,human,judge", ...lines].join("\n"));
    const { code, stdout } = await concord(argsFor(path, f));
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expectReference(output, f);
    expect(output.n_skipped).toBe(2);
  });

  it("prints --help", async () => {
    const { code, stdout } = await concord(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("concord agreement --alt-test --input FILE");
  });
});

describe("concord agreement --alt-test errors", () => {
  const good = (path: string) => ["--input", path, "--item", "i", "--rater", "r", "--human", "h", "--judge", "j", "--epsilon", "0.2", "--alignment"];
  const cases: [string, () => string[], RegExp][] = [
    ["a missing --epsilon", () => ["--input", "x.csv", "--item", "i", "--rater", "r", "--human", "h", "--judge", "j", "--alignment", "accuracy"], /missing --epsilon/],
    ["a non-numeric --epsilon", () => [...good("x.csv"), "accuracy", "--epsilon", "abc"], /--epsilon must be a number, got "abc"/],
    ["an unknown --alignment", () => [...good("x.csv"), "rmse"], /--alignment must be accuracy or neg_rmse, got "rmse"/],
    ["a bad --min-items", () => [...good("x.csv"), "accuracy", "--min-items", "2.5"], /--min-items must be a whole number ≥ 1, got "2.5"/],
    ["a field missing from the header", () => [...good(writeTemp("cols.csv", "i,r,h\n1,a,2\n")), "accuracy"], /no field "j" in the header of .*cols\.csv/],
    ["a non-numeric value under neg_rmse", () => [...good(writeTemp("text.csv", "i,r,h,j\n1,a,2,3\n1,b,high,3\n")), "neg_rmse"], /text\.csv:3: field "h" is not a number: "high"/],
    ["a non-numeric judge under neg_rmse", () => [...good(writeTemp("judge.jsonl", '{"i": 1, "r": "a", "h": 2, "j": "n/a"}\n')), "neg_rmse"], /judge\.jsonl:1: field "j" is not a number: "n\/a"/],
    ["two judge values for one item", () => [...good(writeTemp("two.csv", "i,r,h,j\n1,a,2,3\n2,a,2,3\n1,b,2,3.0\n1,c,2,4\n")), "accuracy"], /two\.csv:5: field "j" of item "1" is "4", but line 2 gave "3"/],
    ["a rater rating an item twice", () => [...good(writeTemp("twice.jsonl", '{"i": 1, "r": "a", "h": 2, "j": 3}\n{"i": 1, "r": "a", "h": 1, "j": 3}\n')), "accuracy"], /twice\.jsonl:2: rater "a" already rated item "1" on line 1/],
    ["a blank rater id", () => [...good(writeTemp("norater.csv", "i,r,h,j\n1,,2,3\n")), "accuracy"], /norater\.csv:2: field "r" must be an id/],
    ["no rater with 30 items", () => [...good(writeTemp("small.csv", "i,r,h,j\n1,a,2,3\n1,b,2,3\n2,a,1,1\n")), "accuracy"],
      /alt-test needs ≥ 2 human ratings per item and ≥ 30 items per rater; found 0 raters with ≥ 30 items \(1 item rated by the judge and ≥ 2 humans, 2 raters, at most 1 item for one rater\)/],
  ];
  it.each(cases)("exits 1 with the reason on stderr for %s", async (_, args, message) => {
    const { code, stdout, stderr } = await concord(args());
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });
});
