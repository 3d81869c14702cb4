// Panel aggregation, errors, error correlation and n_eff against
// fixtures/panel/cases.json (Counter, numpy.mean/median/corrcoef), written by
// scripts/reference/panel_reference.py.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectClose } from "./expect-close.ts";
import {
  effectiveJudges,
  errorCorrelation,
  labelErrors,
  meanAggregate,
  medianAggregate,
  numericErrors,
  voteAggregate,
} from "./panel.ts";

type Expected = {
  kept: { human: (string | number)[]; members: (string | number)[][] };
  aggregated: (string | number)[];
  errors: number[][];
  error_matrix: (number | null)[][];
  n_pairs_used: number;
  mean_error_correlation: number | null;
  n_eff: number | null;
};
type Case = { name: string; task: string; aggregate: "vote" | "mean" | "median"; judges: string[]; expected: Expected };
const { cases }: { cases: Case[] } = JSON.parse(readFileSync(new URL("./fixtures/panel/cases.json", import.meta.url), "utf8"));
const TOLERANCE = 1e-12;

function expectAllClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expectClose(actual[i], expected[i], TOLERANCE);
}

describe("panel figures against numpy and Counter", () => {
  for (const c of cases) {
    const { kept } = c.expected;
    const isLabels = c.aggregate === "vote";
    it(`${c.name}: the ${c.aggregate} per item`, () => {
      if (isLabels) return void expect(voteAggregate(kept.members as string[][])).toEqual(c.expected.aggregated);
      const aggregate = c.aggregate === "mean" ? meanAggregate : medianAggregate;
      expectAllClose(aggregate(kept.members as number[][]), c.expected.aggregated as number[]);
    });

    it(`${c.name}: errors, their correlation matrix, ρ̄ and n_eff`, () => {
      const errors = kept.members.map((member) =>
        isLabels ? labelErrors(kept.human as string[], member as string[]) : numericErrors(kept.human as number[], member as number[]),
      );
      errors.forEach((error, m) => expectAllClose(error, c.expected.errors[m]));
      const correlation = errorCorrelation(errors);
      c.expected.error_matrix.forEach((row, i) => row.forEach((r, j) => expectClose(correlation.matrix[i][j], r, TOLERANCE)));
      expect(correlation.nPairs).toBe(c.expected.n_pairs_used);
      expectClose(correlation.mean, c.expected.mean_error_correlation, TOLERANCE);
      expectClose(effectiveJudges(c.judges.length, correlation.mean), c.expected.n_eff, TOLERANCE);
    });
  }
});

describe("voteAggregate", () => {
  it("gives a three-way tie to the earliest-listed member's label, whatever its spelling", () => {
    expect(voteAggregate([["b"], ["a"], ["c"]])).toEqual(["b"]);
    expect(voteAggregate([["c"], ["b"], ["a"]])).toEqual(["c"]);
  });

  it("gives a 2-2 tie to the label of the earliest member among the tied ones", () => {
    // "y" first appears at member 1, "x" at member 0: x wins.
    expect(voteAggregate([["x"], ["y"], ["y"], ["x"]])).toEqual(["x"]);
    // A single "z" at member 0 is not tied: the 2-2 tie of y and x goes to y (member 1).
    expect(voteAggregate([["z"], ["y"], ["x"], ["y"], ["x"]])).toEqual(["y"]);
  });

  it("takes the majority wherever it stands in the list", () => {
    expect(voteAggregate([["a", "q"], ["b", "r"], ["b", "r"]])).toEqual(["b", "r"]);
  });

  it("compares labels as strings, exactly", () => {
    expect(voteAggregate([["1"], ["1.0"], ["1.0"]])).toEqual(["1.0"]);
    expect(voteAggregate([["Yes"], ["yes"]])).toEqual(["Yes"]);
  });

  it("refuses members of different lengths", () => {
    expect(() => voteAggregate([["a"], ["a", "b"]])).toThrow(RangeError);
  });
});

describe("errorCorrelation", () => {
  it("leaves out every pair with a member that is always right, so ρ̄ and n_eff are null for two members", () => {
    const result = errorCorrelation([Float64Array.of(0, 0, 0, 0), Float64Array.of(1, 0, 1, 0)]);
    expect(result.matrix).toEqual([[null, null], [null, 1]]);
    expect(result.nPairs).toBe(0);
    expect(result.mean).toBeNull();
    expect(effectiveJudges(2, result.mean)).toBeNull();
  });
});

describe("effectiveJudges", () => {
  it("is k for uncorrelated errors and 1 for perfectly correlated ones", () => {
    expect(effectiveJudges(5, 0)).toBe(5);
    expect(effectiveJudges(5, 1)).toBe(1);
  });

  it("is null when 1 + (k − 1)·ρ̄ is not positive", () => {
    expect(effectiveJudges(3, -0.5)).toBeNull();
    expect(effectiveJudges(3, -0.9)).toBeNull();
  });
});
