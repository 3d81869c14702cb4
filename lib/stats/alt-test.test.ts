// The alt-test against the authors' own code: fixtures/alt-test/*.json hold seeded datasets
// with the figures their alt_test computes (scripts/reference/alt_test_reference.py).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { altTest, benjaminiYekutieli, type AltTestAlignment, type AltTestInput, type AltTestValue } from "./alt-test.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

type Fixture = {
  name: string;
  options: { alignment: AltTestAlignment; epsilon: number; q: number; min_raters: number; min_items: number };
  ratings: [string, string, AltTestValue][];
  judge: Record<string, AltTestValue>;
  expected: {
    n_items: number;
    n_tested: number;
    n_won: number;
    winning_rate: number | null;
    advantage_probability: number | null;
    raters: { rater: string; n_items: number; skipped: boolean; p_value: number | null; won: boolean; judge_advantage: number | null; rater_advantage: number | null }[];
  };
};

const dir = new URL("./fixtures/alt-test/", import.meta.url);
const fixtures: Fixture[] = readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")));
const fixture = (name: string) => fixtures.find((f) => f.name === name)!;

function inputOf(f: Fixture, value: (v: AltTestValue) => AltTestValue = (v) => v): AltTestInput {
  return {
    item: f.ratings.map((r) => r[0]),
    rater: f.ratings.map((r) => r[1]),
    value: f.ratings.map((r) => value(r[2])),
    judge: new Map(Object.entries(f.judge).map(([item, v]) => [item, value(v)])),
  };
}

function run(f: Fixture, input = inputOf(f)) {
  const { alignment, epsilon, q, min_raters: minRaters, min_items: minItems } = f.options;
  return altTest(input, { alignment, epsilon, q, minRaters, minItems });
}

describe("altTest against the authors' alt_test", () => {
  it("has the fixtures", () => expect(fixtures.length).toBeGreaterThanOrEqual(10));

  it.each(fixtures.map((f) => [f.name, f] as const))("reproduces %s: raters, p-values, BY, ω and ρ", (_, f) => {
    const result = run(f);
    const want = f.expected;
    expect(result.nItems).toBe(want.n_items);
    expect(result.nTested).toBe(want.n_tested);
    expect(result.nWon).toBe(want.n_won);
    expect(result.raters.map((r) => r.rater)).toEqual(want.raters.map((r) => r.rater));
    result.raters.forEach((got, k) => {
      const rater = want.raters[k];
      expect(got.nItems, rater.rater).toBe(rater.n_items);
      expect(got.skipped !== null, rater.rater).toBe(rater.skipped);
      expect(got.won, rater.rater).toBe(rater.won);
      expectClose(got.pValue, rater.p_value, 1e-12);
      if (rater.p_value !== null && rater.p_value > 0) expectRelativelyClose(got.pValue, rater.p_value, 1e-12);
      expectClose(got.judgeAdvantage, rater.judge_advantage, 0);
      expectClose(got.raterAdvantage, rater.rater_advantage, 0);
    });
    expectClose(result.winningRate, want.winning_rate, 0);
    expectClose(result.advantageProbability, want.advantage_probability, 0);
    expect(result.passed).toBe(want.winning_rate === null ? null : want.winning_rate >= 0.5);
  });
});

describe("altTest edge cases", () => {
  it("skips a rater with fewer than 30 items and says why", () => {
    const skipped = run(fixture("accuracy-basic")).raters.find((r) => r.rater === "ann-d")!;
    expect(skipped).toEqual({
      rater: "ann-d", nItems: 19, pValue: null, won: false, judgeAdvantage: null, raterAdvantage: null,
      skipped: "only 19 items rated with the judge and another rater (needs 30)",
    });
  });

  it("gives p = 0 when every label is the same (zero variance, mean 0 below ε) and every rater wins", () => {
    const result = run(fixture("all-equal"));
    expect(result.raters.map((r) => r.pValue)).toEqual([0, 0, 0]);
    expect(result.winningRate).toBe(1);
    expect(result.advantageProbability).toBe(1);
  });

  it("gives a null p-value, never a win, when the mean equals ε with zero variance (scipy's NaN)", () => {
    const result = run(fixture("all-equal-epsilon-zero"));
    expect(result.raters.map((r) => [r.pValue, r.won, r.skipped])).toEqual([[null, false, null], [null, false, null], [null, false, null]]);
    expect(result.nTested).toBe(3);
    expect(result.winningRate).toBe(0);
    expect(result.passed).toBe(false);
  });

  it("gives p = 1 when every rater always beats the judge (zero variance, mean above ε)", () => {
    expect(run(fixture("judge-always-worse")).raters.map((r) => r.pValue)).toEqual([1, 1, 1]);
  });

  it("gives a rater and an exact copy of it the same p-value", () => {
    const raters = run(fixture("tied-p-values")).raters;
    const p = (name: string) => raters.find((r) => r.rater === name)!.pValue;
    expect(p("t1")).toBe(p("t2"));
  });

  it("compares numeric strings by value: 2, '2.0' and ' 2 ' are the same label", () => {
    const f = fixture("accuracy-integers");
    const spelled: Record<number, string> = { 1: "1", 2: "2.0", 3: " 3e0 " };
    const fromNumbers = run(f);
    expect(run(f, inputOf(f, (v) => spelled[v as number]))).toEqual(fromNumbers);
  });

  it("compares other values as text", () => {
    const input: AltTestInput = { item: ["a", "a"], rater: ["x", "y"], value: ["Yes", "yes"], judge: new Map([["a", "yes"]]) };
    const result = altTest(input, { alignment: "accuracy", epsilon: 0.1, minItems: 1 });
    expect(result.raters.map((r) => r.judgeAdvantage)).toEqual([1, 1]);
    expect(result.raters.map((r) => r.raterAdvantage)).toEqual([0, 1]);
  });

  it("rejects a non-numeric value under neg_rmse, naming the rating", () => {
    const f = fixture("neg-rmse-likert");
    const input = inputOf(f);
    const value = [...input.value];
    value[7] = "high";
    expect(() => altTest({ ...input, value }, { alignment: "neg_rmse", epsilon: 0.15 })).toThrow(
      `value of rating 7 (item "${input.item[7]}", rater "${input.rater[7]}") is not a number: "high"`,
    );
    const judge = new Map(input.judge).set(input.item[0], "");
    expect(() => altTest({ ...input, judge }, { alignment: "neg_rmse", epsilon: 0.15 })).toThrow(`judge value of item "${input.item[0]}" is not a number: ""`);
  });

  it("rejects a rater rating the same item twice", () => {
    const input: AltTestInput = { item: ["a", "b", "a"], rater: ["x", "x", "x"], value: [1, 2, 3], judge: new Map() };
    expect(() => altTest(input, { alignment: "accuracy", epsilon: 0.1 })).toThrow('rater "x" rated item "a" twice (ratings 0 and 2)');
  });

  it("applies minRaters and minItems: fewer items kept, more raters tested", () => {
    const f = fixture("options");
    const strict = run(f);
    const defaults = altTest(inputOf(f), { alignment: "accuracy", epsilon: 0.1, q: 0.1 });
    expect(strict.nItems).toBeLessThan(defaults.nItems);
    expect(strict.nTested).toBe(7);
    expect(defaults.nTested).toBeLessThan(7);
    expect(strict.raters.find((r) => r.rater === "o1")!.nItems).toBe(24);
  });

  it("returns null figures when no rater can be tested", () => {
    const result = run(fixture("none-testable"));
    expect(result).toMatchObject({ nItems: 20, nTested: 0, nWon: 0, winningRate: null, advantageProbability: null, passed: null });
    expect(result.raters.every((r) => r.skipped === "only 20 items rated with the judge and another rater (needs 30)")).toBe(true);
  });

  it("drops items the judge did not rate or too few humans rated", () => {
    const input: AltTestInput = { item: ["a", "a", "b", "b", "c"], rater: ["x", "y", "x", "y", "x"], value: [1, 1, 2, 2, 3], judge: new Map([["a", 1], ["c", 3]]) };
    const result = altTest(input, { alignment: "accuracy", epsilon: 0.1, minItems: 1 });
    expect([result.nItems, result.nItemsDropped]).toEqual([1, 2]);
  });

  it("rejects bad options", () => {
    const input: AltTestInput = { item: [], rater: [], value: [], judge: new Map() };
    expect(() => altTest(input, { alignment: "accuracy", epsilon: NaN })).toThrow("epsilon");
    expect(() => altTest(input, { alignment: "accuracy", epsilon: 0.1, q: 0 })).toThrow("q must be");
    expect(() => altTest(input, { alignment: "accuracy", epsilon: 0.1, minItems: 0 })).toThrow("minItems");
    expect(() => altTest(input, { alignment: "accuracy", epsilon: 0.1, minRaters: 1.5 })).toThrow("minRaters");
  });
});

describe("benjaminiYekutieli", () => {
  it("rejects a tie together: 0.01 fails k = 1 (0.00909) but both pass k = 2 (0.01818)", () => {
    expect(benjaminiYekutieli([0.5, 0.01, 0.01], 0.05).sort()).toEqual([1, 2]);
  });

  it("steps up: a p-value above its own threshold is rejected when a larger one passes", () => {
    // m = 3, H = 11/6: thresholds 0.00909, 0.01818, 0.02727
    expect(benjaminiYekutieli([0.02, 0.012, 0.027], 0.05)).toEqual([1, 0, 2]);
    expect(benjaminiYekutieli([0.017, 0.012, 0.03], 0.05)).toEqual([1, 0]);
  });

  it("never rejects NaN, which still counts in m", () => {
    expect(benjaminiYekutieli([NaN, 0.001], 0.05)).toEqual([1]);
    expect(benjaminiYekutieli([NaN, 0.03], 0.05)).toEqual([]);
    expect(benjaminiYekutieli([], 0.05)).toEqual([]);
  });
});
