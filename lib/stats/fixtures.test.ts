// Every reference value in fixtures/expected.json (scipy 1.10, scikit-learn 1.2) and
// fixtures/krippendorff.json (Krippendorff 2011), reproduced through the public functions.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  cohenKappa,
  groupLevelCorrelation,
  kendallTau,
  kendallTauB,
  krippendorffAlpha,
  levelFromCutoffs,
  pairwiseAgreement,
  pearsonCorrelation,
  pearsonR,
  spearmanCorrelation,
  spearmanRho,
  type AlphaMetric,
  type Preference,
} from "./index.ts";
import { expectClose, expectRelativelyClose } from "./expect-close.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const jsonLines = (name: string) => fixture(name).trim().split("\n").map((line) => JSON.parse(line));
const expected = JSON.parse(fixture("expected.json"));
const scored: { group_id: string; human: number; judge: number }[] = jsonLines("scored.jsonl");
const pairs: Record<string, Preference>[] = jsonLines("pairwise.jsonl");

// The README allows 1e-9 and 1e-6 relative for p-values; these hold much tighter.
const VALUE_TOLERANCE = 1e-12;
const P_RELATIVE_TOLERANCE = 1e-10;

describe("scored.jsonl against scipy and scikit-learn", () => {
  const human = scored.map((r) => r.human);
  const judge = scored.map((r) => r.judge);
  const groups = scored.map((r) => r.group_id);
  const dataset = expected.scored.dataset_level;

  it("reproduces the dataset-level coefficients and p-values", () => {
    expect(scored).toHaveLength(expected.scored.n);
    expectClose(pearsonCorrelation(human, judge).value, dataset.pearson, VALUE_TOLERANCE);
    const spearman = spearmanCorrelation(human, judge);
    expectClose(spearman.value, dataset.spearman, VALUE_TOLERANCE);
    expectRelativelyClose(spearman.pValue, dataset.spearman_p, P_RELATIVE_TOLERANCE);
    const kendall = kendallTauB(human, judge);
    expectClose(kendall.value, dataset.kendall_tau_b, VALUE_TOLERANCE);
    expectRelativelyClose(kendall.pValue, dataset.kendall_p, P_RELATIVE_TOLERANCE);
    expect(kendall.pValueMethod).toBe("asymptotic");
  });

  it("reproduces the group-level convention: mean of within-group coefficients over 20 groups", () => {
    const group = expected.scored.group_level;
    for (const [name, coefficient] of [["pearson", pearsonR], ["spearman", spearmanRho], ["kendall_tau_b", kendallTau]] as const) {
      const result = groupLevelCorrelation(human, judge, groups, coefficient);
      expectClose(result.value, group[name], VALUE_TOLERANCE);
      expect(result.nGroups).toBe(group.n_groups);
      expect(result.nGroupsUsed).toBe(group.n_groups_used);
    }
  });

  it("reproduces κ with the judge level taken from the cut-offs 0.5, 0.65, 0.8", () => {
    const judgeLevels = judge.map((score) => levelFromCutoffs(score, [0.5, 0.65, 0.8], 1));
    const kappa = cohenKappa(human, judgeLevels, [1, 2, 3, 4]);
    const want = expected.scored.kappa;
    expectClose(kappa.unweighted.value, want.unweighted, VALUE_TOLERANCE);
    expectClose(kappa.linear.value, want.linear, VALUE_TOLERANCE);
    expectClose(kappa.quadratic.value, want.quadratic, VALUE_TOLERANCE);
    expectClose(kappa.exactAgreement, want.exact_agreement, VALUE_TOLERANCE);
  });
});

describe("pairwise.jsonl", () => {
  const want = expected.pairwise;
  const result = pairwiseAgreement({
    human: pairs.map((r) => r.human_winner),
    judge: pairs.map((r) => r.judge_winner),
    pass1: pairs.map((r) => r.judge_winner_pass1),
    pass2: pairs.map((r) => r.judge_winner_pass2),
  });

  it("reproduces agreement with and without ties, position consistency and pass accuracies", () => {
    expect(result.n).toBe(want.n);
    expectClose(result.agreementWithTies, want.agreement_with_ties, VALUE_TOLERANCE);
    expectClose(result.agreementWithoutTies, want.agreement_without_ties, VALUE_TOLERANCE);
    expect(result.nWithoutTies).toBe(want.n_without_ties);
    expectClose(result.positionConsistency, want.position_consistency, VALUE_TOLERANCE);
    expectClose(result.pass1Accuracy, want.pass1_accuracy, VALUE_TOLERANCE);
    expectClose(result.pass2Accuracy, want.pass2_accuracy, VALUE_TOLERANCE);
  });

  it("reproduces κ on model_a < tie < model_b", () => {
    const k = want.kappa_3way;
    expectClose(result.kappa.unweighted.value, k.unweighted, VALUE_TOLERANCE);
    expectClose(result.kappa.linear.value, k.linear, VALUE_TOLERANCE);
    expectClose(result.kappa.quadratic.value, k.quadratic, VALUE_TOLERANCE);
    expectClose(result.kappa.exactAgreement, k.exact_agreement, VALUE_TOLERANCE);
  });

  it("keeps the fixture's rule that the final verdict is the passes' common winner, else tie", () => {
    for (const r of pairs) {
      expect(r.judge_winner).toBe(r.judge_winner_pass1 === r.judge_winner_pass2 ? r.judge_winner_pass1 : "tie");
    }
  });
});

describe("edge cases of expected.json", () => {
  for (const edge of expected.edge_cases.filter((e: { human?: number[] }) => e.human)) {
    it(`correlations: ${edge.name}`, () => {
      const want = edge.expected;
      const spearman = spearmanCorrelation(edge.human, edge.judge);
      const kendall = kendallTauB(edge.human, edge.judge);
      expectClose(pearsonCorrelation(edge.human, edge.judge).value, want.pearson, VALUE_TOLERANCE);
      expectClose(spearman.value, want.spearman, VALUE_TOLERANCE);
      expectClose(kendall.value, want.kendall_tau_b, VALUE_TOLERANCE);
      if (want.spearman_p === undefined) {
        expect(spearman.pValue).toBeNull();
        expect(kendall.pValue).toBeNull();
      } else {
        expectRelativelyClose(spearman.pValue, want.spearman_p, P_RELATIVE_TOLERANCE);
        expectRelativelyClose(kendall.pValue, want.kendall_p, P_RELATIVE_TOLERANCE);
      }
    });
  }
  for (const edge of expected.edge_cases.filter((e: { kappa_a?: number[] }) => e.kappa_a)) {
    it(`κ: ${edge.name}`, () => {
      const kappa = cohenKappa(edge.kappa_a, edge.kappa_b, edge.labels);
      const want = edge.expected_kappa;
      expectClose(kappa.unweighted.value, want.unweighted, VALUE_TOLERANCE);
      expectClose(kappa.linear.value, want.linear, VALUE_TOLERANCE);
      expectClose(kappa.quadratic.value, want.quadratic, VALUE_TOLERANCE);
      expectClose(kappa.exactAgreement, want.exact_agreement, VALUE_TOLERANCE);
    });
  }
});

describe("krippendorff.json (Krippendorff 2011, 4 observers × 12 units)", () => {
  const published = JSON.parse(fixture("krippendorff.json"));
  const data = Object.values(published.observers) as (number | null)[][];
  for (const metric of ["nominal", "ordinal", "interval", "ratio"] as AlphaMetric[]) {
    it(`matches the published ${metric} α to 3 decimals`, () => {
      expectClose(krippendorffAlpha(data, metric).value, published.expected_alpha[metric], 5e-4);
    });
  }
});
