// Label metrics (categorical, binary, multi-label) against scikit-learn 1.2's figures in
// fixtures/classification/*.json, written by scripts/reference/classification_reference.py.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { binaryFromCounts, binaryMetrics } from "./binary-metrics.ts";
import { categoricalMetrics } from "./categorical-metrics.ts";
import type { ClassScore } from "./class-scores.ts";
import { expectClose } from "./expect-close.ts";
import { kappaFromCounts } from "./kappa-from-counts.ts";
import { compareCodePoints, encodePairedLabels } from "./label-codes.ts";
import { multilabelMetrics } from "./multilabel-metrics.ts";

type Value = string | number | boolean | null;
type Scores = Record<string, { precision: number; recall: number; f1: number; support: number }>;
type Case<E, V = Value> = { name: string; human: V[]; judge: V[]; positive?: string; expected: E & { n: number; n_dropped: number } };
type Categorical = {
  accuracy: number; macro_f1: number; micro_f1: number; weighted_f1: number; kappa: { unweighted: number | null };
  per_class: Scores; confusion: { labels: string[]; matrix: number[][] };
};
type Binary = Record<"accuracy" | "precision" | "recall" | "f1" | "specificity" | "balanced_accuracy" | "mcc" | "prevalence_human" | "prevalence_judge", number> &
  Record<"tp" | "fp" | "fn" | "tn", number> & { kappa: { unweighted: number | null } };
type Multilabel = Record<"macro_f1" | "micro_f1" | "hamming_loss" | "subset_accuracy" | "jaccard_samples", number> & { per_label: Scores };

const load = <E, V = Value>(name: string): Case<E, V>[] =>
  JSON.parse(readFileSync(new URL(`./fixtures/classification/${name}.json`, import.meta.url), "utf8")).cases;
const TOLERANCE = 1e-12;

/** As the command reads a JSONL value: a string as is, a number or boolean as its JSON text. */
const label = (value: string | number | boolean) => (typeof value === "string" ? value : JSON.stringify(value));

/** The pairs with a value on both sides, as labels. */
function keptPairs<V, L>(c: Case<unknown, V | null>, convert: (value: V) => L): { human: L[]; judge: L[] } {
  const kept = c.human.map((h, t) => [h, c.judge[t]] as const).filter(([h, j]) => h !== null && j !== null);
  return { human: kept.map(([h]) => convert(h as V)), judge: kept.map(([, j]) => convert(j as V)) };
}

function expectScores(actual: ClassScore[], expected: Scores): void {
  expect(actual.map((s) => s.label)).toEqual(Object.keys(expected).sort(compareCodePoints));
  for (const score of actual) {
    const want = expected[score.label];
    for (const key of ["precision", "recall", "f1"] as const) expectClose(score[key], want[key], TOLERANCE);
    expect(score.support).toBe(want.support);
  }
}

describe("categoricalMetrics against scikit-learn", () => {
  for (const c of load<Categorical>("categorical")) {
    it(`reproduces accuracy, F1s, κ, per-class scores and the confusion matrix: ${c.name}`, () => {
      const { human, judge } = keptPairs(c, label);
      const got = categoricalMetrics(human, judge);
      const want = c.expected;
      expect(got.n).toBe(want.n);
      expect(got.labels).toEqual(want.confusion.labels);
      expect(got.matrix).toEqual(want.confusion.matrix);
      expectClose(got.accuracy, want.accuracy, TOLERANCE);
      expectClose(got.macroF1, want.macro_f1, TOLERANCE);
      expectClose(got.microF1, want.micro_f1, TOLERANCE);
      expectClose(got.weightedF1, want.weighted_f1, TOLERANCE);
      // Tighter: summing 150² chance terms in floating point would drift by ~1e-13.
      expectClose(got.kappa, want.kappa.unweighted, 1e-15);
      expectScores(got.perClass, want.per_class);
    });
  }

  it("returns null figures and an empty matrix when there is no pair", () => {
    const got = categoricalMetrics([], []);
    expect(got).toMatchObject({ n: 0, labels: [], matrix: [], accuracy: null, macroF1: null, kappa: null });
  });
});

describe("binaryMetrics against scikit-learn", () => {
  for (const c of load<Binary>("binary")) {
    it(`reproduces every figure: ${c.name}`, () => {
      const { human, judge } = keptPairs(c, label);
      const got = binaryMetrics(human, judge, c.positive!);
      const want = c.expected;
      expect([got.n, got.tp, got.fp, got.fn, got.tn]).toEqual([want.n, want.tp, want.fp, want.fn, want.tn]);
      const pairs = [
        [got.accuracy, want.accuracy], [got.precision, want.precision], [got.recall, want.recall], [got.f1, want.f1],
        [got.specificity, want.specificity], [got.balancedAccuracy, want.balanced_accuracy], [got.mcc, want.mcc],
        [got.kappa, want.kappa.unweighted], [got.prevalenceHuman, want.prevalence_human], [got.prevalenceJudge, want.prevalence_judge],
      ] as const;
      for (const [actual, expected] of pairs) expectClose(actual, expected, TOLERANCE);
    });
  }

  it("gives MCC 0 (scikit-learn's value) and κ null when both sides say positive every time", () => {
    const got = binaryFromCounts({ tp: 7, fp: 0, fn: 0, tn: 0 });
    expect([got.mcc, got.kappa, got.specificity, got.balancedAccuracy]).toEqual([0, null, 0, 1]);
  });

  it("returns null figures when there is no pair", () => {
    expect(binaryFromCounts({ tp: 0, fp: 0, fn: 0, tn: 0 })).toMatchObject({ n: 0, accuracy: null, mcc: null, kappa: null });
  });
});

describe("multilabelMetrics against scikit-learn", () => {
  for (const c of load<Multilabel, Value[] | null>("multilabel")) {
    it(`reproduces F1s, hamming loss, subset accuracy, Jaccard and per-label scores: ${c.name}`, () => {
      const { human, judge } = keptPairs(c, (set) => set.map((v) => label(v!)));
      const got = multilabelMetrics(human, judge);
      const want = c.expected;
      expect(got.n).toBe(want.n);
      expectClose(got.macroF1, want.macro_f1, TOLERANCE);
      expectClose(got.microF1, want.micro_f1, TOLERANCE);
      expectClose(got.hammingLoss, want.hamming_loss, TOLERANCE);
      expectClose(got.subsetAccuracy, want.subset_accuracy, TOLERANCE);
      expectClose(got.jaccardSamples, want.jaccard_samples, TOLERANCE);
      expectScores(got.perLabel, want.per_label);
    });
  }

  it("keeps the multi-label definitions with a single label (scikit-learn switches to binary)", () => {
    const got = multilabelMetrics([["a"], [], ["a"], []], [["a"], ["a"], [], []]);
    expect(got.labels).toEqual(["a"]);
    expect([got.macroF1, got.microF1, got.hammingLoss, got.subsetAccuracy, got.jaccardSamples]).toEqual([0.5, 0.5, 0.5, 0.5, 0.25]);
  });

  it("gives subset accuracy 1, Jaccard 0 and a null hamming loss when every set is empty", () => {
    const got = multilabelMetrics([[], []], [[], []]);
    expect(got).toMatchObject({ labels: [], macroF1: null, microF1: 0, hammingLoss: null, subsetAccuracy: 1, jaccardSamples: 0 });
  });
});

describe("kappaFromCounts", () => {
  it("gives 0.4 on Wikipedia's 50-proposal example (20/5/10/15: p_o = 0.7, p_e = 0.5)", () => {
    expect(kappaFromCounts(50, 35, [25, 25], [30, 20])).toBeCloseTo(0.4, 15);
  });

  it("returns null when both raters use one and the same class", () => {
    expect(kappaFromCounts(9, 9, [9, 0], [9, 0])).toBeNull();
  });
});

describe("label order", () => {
  it("sorts by code point as np.unique does, astral characters after U+FFxx", () => {
    const labels = ["😀", "ｆ", "é", "b", "B", "2", "10", "1", "", "a b"];
    expect([...labels].sort(compareCodePoints)).toEqual(["", "1", "10", "2", "B", "a b", "b", "é", "ｆ", "😀"]);
  });

  it("codes paired labels by their position in the sorted union", () => {
    const { labels, human, judge } = encodePairedLabels(["b", "a", "c"], ["c", "d", "a"]);
    expect(labels).toEqual(["a", "b", "c", "d"]);
    expect([...human, ...judge]).toEqual([1, 0, 2, 2, 3, 0]);
  });
});
