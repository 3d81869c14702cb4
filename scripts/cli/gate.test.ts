// `concord gate`, spawned as a CI step would run it: the verdict in the exit code, JSON on
// stdout, one plain line on stderr; the figure is what the figure's own command prints.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runConcord, type Outcome } from "./run-concord.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const scored = join(root, "lib/stats/fixtures/scored.jsonl");
const KAPPA = ["--input", scored, "--human", "human", "--judge", "judge", "--scale", "1:4", "--judge-cuts", "0.5,0.65,0.8"];

function concord(args: string[]): Promise<Outcome> {
  return runConcord(args);
}

let ppiPath: string;
let altPath: string;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "concord-gate-"));
  const ppi: { rows: { id: number; split: string; human: number | null; judge: number | null }[] } = JSON.parse(
    readFileSync(join(root, "lib/stats/fixtures/ppi/cli.json"), "utf8"),
  );
  ppiPath = join(dir, "ppi.jsonl");
  writeFileSync(ppiPath, ppi.rows.map((row) => JSON.stringify(row)).join("\n"));
  // 40 items, three raters who mostly agree, a judge that matches them on all but every fifth.
  const rows = [];
  for (let item = 0; item < 40; item++) {
    const truth = item % 4;
    for (const rater of ["a", "b", "c"]) {
      const human = rater === "c" && item % 7 === 0 ? (truth + 1) % 4 : truth;
      rows.push(JSON.stringify({ item, rater, human, judge: item % 5 === 0 ? (truth + 2) % 4 : truth }));
    }
  }
  altPath = join(dir, "alt.jsonl");
  writeFileSync(altPath, rows.join("\n"));
});

describe("concord gate", { timeout: 30_000 }, () => {
  it("passes, fails or is inconclusive on κ (quadratic) by where its interval lies against the bar", async () => {
    const figures = JSON.parse((await concord(["agreement", ...KAPPA])).stdout);
    const [low, high] = figures.kappa.quadratic_ci as [number, number];
    const gate = (min: number) => concord(["gate", "--metric", "kappa_quadratic", "--min", String(min), ...KAPPA]);

    const pass = await gate(low - 0.01);
    expect(pass.code).toBe(0);
    const verdict = JSON.parse(pass.stdout);
    expect(verdict).toMatchObject({ metric: "kappa_quadratic", verdict: "pass", reason: "above", value: figures.kappa.quadratic, ci_low: low, ci_high: high, n: figures.n });
    expect(verdict.report.kappa).toEqual(figures.kappa);
    expect(pass.stderr.trim().split("\n")).toHaveLength(1);
    expect(pass.stderr).toMatch(/^PASS: kappa_quadratic/);

    const fail = await gate(high + 0.01);
    expect([fail.code, JSON.parse(fail.stdout).verdict]).toEqual([2, "fail"]);
    const unsure = await gate(figures.kappa.quadratic);
    expect([unsure.code, JSON.parse(unsure.stdout).verdict, JSON.parse(unsure.stdout).reason]).toEqual([3, "inconclusive", "straddles"]);
  });

  it("judges Spearman's ρ by its Bonett–Wright interval", async () => {
    const figures = JSON.parse((await concord(["agreement", ...KAPPA])).stdout);
    const [low, high] = figures.dataset_level.spearman_ci as [number, number];
    const gate = (min: number) => concord(["gate", "--metric", "spearman", "--min", String(min), ...KAPPA]);
    expect((await gate(low - 0.001)).code).toBe(0);
    expect((await gate(high + 0.001)).code).toBe(2);
    expect((await gate((low + high) / 2)).code).toBe(3);
  });

  it("judges the corrected mean (PPI++) by its interval", async () => {
    const figures = JSON.parse((await concord(["agreement", "--ppi", "--input", ppiPath, "--human", "human", "--judge", "judge"])).stdout);
    const gate = (min: number) => concord(["gate", "--metric", "ppi-mean", `--min=${min}`, "--input", ppiPath, "--human", "human", "--judge", "judge"]);
    const pass = await gate(figures.ppi.ci_low - 0.01);
    expect(pass.code).toBe(0);
    expect(JSON.parse(pass.stdout)).toMatchObject({ value: figures.ppi.mean, ci_low: figures.ppi.ci_low, ci_high: figures.ppi.ci_high, n: figures.n_labeled + figures.n_unlabeled });
    expect((await gate(figures.ppi.ci_high + 0.01)).code).toBe(2);
    expect((await gate(figures.ppi.mean)).code).toBe(3);
  });

  it("judges the alt-test by its winning rate, and calls too few raters inconclusive", async () => {
    const flags = ["--input", altPath, "--item", "item", "--rater", "rater", "--human", "human", "--judge", "judge", "--epsilon", "0.2", "--alignment", "accuracy"];
    const figures = JSON.parse((await concord(["agreement", "--alt-test", ...flags])).stdout);
    const gate = (min: number, extra: string[] = []) => concord(["gate", "--metric", "alt-test", "--min", String(min), ...flags, ...extra]);
    const atBar = await gate(figures.winning_rate);
    expect([atBar.code, JSON.parse(atBar.stdout).value]).toEqual([0, figures.winning_rate]);
    expect((await gate(figures.winning_rate + 0.01)).code).toBe(2);
    const thin = await gate(0.5, ["--min-items", "50"]);
    expect([thin.code, JSON.parse(thin.stdout).verdict, JSON.parse(thin.stdout).reason]).toEqual([3, "inconclusive", "too-few"]);
  });

  it("exits 1 naming what is wrong for bad input", async () => {
    const cases: [string[], RegExp][] = [
      [["gate", "--min", "0.6", ...KAPPA], /missing --metric/],
      [["gate", "--metric", "accuracy", "--min", "0.6", ...KAPPA], /--metric must be one of/],
      [["gate", "--metric", "spearman", ...KAPPA], /missing --min/],
      [["gate", "--metric", "spearman", "--min", "high", ...KAPPA], /--min must be a number, got "high"/],
      [["gate", "--metric", "kappa_quadratic", "--min", "0.6", "--input", scored, "--human", "human", "--judge", "judge"], /needs --scale/],
      [["gate", "--metric", "spearman", "--min", "0.6", "--input", scored, "--human", "nope", "--judge", "judge"], /no field "nope"/],
    ];
    for (const [args, message] of cases) {
      const outcome = await concord(args);
      expect(outcome.code, args.join(" ")).toBe(1);
      expect(outcome.stderr).toMatch(message);
      expect(outcome.stdout).toBe("");
    }
  });
});
