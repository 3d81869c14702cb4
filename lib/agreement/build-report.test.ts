import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "@/lib/stats";
import { buildAgreementReport } from "./build-report";
import { SCORE_OF_LEVEL, SEED_CUTOFFS, testData, type TestUnit } from "./test-data";

const at = (level: 1 | 2 | 3 | 4) => SCORE_OF_LEVEL[level];

/**
 * Eight turns whose κ is easy by hand. Human levels (lower medians) 1,1,2,2,3,3,4,4 against
 * judge levels 1,2,2,2,3,4,4,4: observed agreement 6/8 = 0.75; human marginals ¼ each, so
 * chance agreement = ¼ · (⅛ + ⅜ + ⅛ + ⅜) = ¼; κ = (0.75 − 0.25) / (1 − 0.25) = ⅔.
 */
const EIGHT: TestUnit[] = [
  { ratings: [["a", 1], ["b", 1]], score: at(1) },
  { ratings: [["a", 1], ["b", 2]], score: at(2) }, // even count: the lower median, 1
  { ratings: [["a", 2], ["b", 2]], score: at(2) },
  { ratings: [["a", 3], ["b", 2]], score: at(2) }, // lower median 2
  { ratings: [["a", 3], ["b", 3]], score: at(3) },
  { ratings: [["a", 3], ["b", 4]], score: at(4) }, // lower median 3
  { ratings: [["a", 4], ["b", 4]], score: at(4) },
  { ratings: [["a", 4]], score: at(4) },
];

describe("buildAgreementReport: judge against humans", () => {
  it("compares the judge's level with the lower median of the ratings (κ = 2/3 by hand)", () => {
    const { report } = buildAgreementReport(testData(EIGHT), SEED_CUTOFFS);
    expect(report.headline.n).toBe(8);
    expect(report.headline.exactAgreement).toBeCloseTo(0.75, 12);
    expect(report.headline.kappa.unweighted.value).toBeCloseTo(2 / 3, 12);
    expect(report.headline.confusion.matrix).toEqual([
      [1, 1, 0, 0],
      [0, 2, 0, 0],
      [0, 0, 1, 1],
      [0, 0, 0, 2],
    ]);
  });

  it("uses an adjudicated level instead of the median, in every figure", () => {
    const units = EIGHT.map((unit, i) => (i === 1 ? { ...unit, adjudicated: 2 } : unit));
    const { report, pairs } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    expect(pairs.median[1]).toBe(1);
    expect(pairs.human[1]).toBe(2);
    expect(report.headline.exactAgreement).toBeCloseTo(7 / 8, 12);
    expect(report.notes.nAdjudicated).toBe(1);
    expect(report.disagreements.judgeVsHuman.rows.map((r) => r.turnId)).toEqual([6]);
  });

  it("flags κ below 30 pairs and correlations below 10 as too small to mean much", () => {
    const small = buildAgreementReport(testData(EIGHT), SEED_CUTOFFS).report.headline.smallSample;
    expect(small).toEqual({ kappa: true, correlation: true });
    const twelve = buildAgreementReport(testData([...EIGHT, ...EIGHT.slice(0, 4)]), SEED_CUTOFFS).report.headline.smallSample;
    expect(twelve).toEqual({ kappa: true, correlation: false });
    const forty = buildAgreementReport(testData(Array.from({ length: 5 }, () => EIGHT).flat()), SEED_CUTOFFS).report.headline.smallSample;
    expect(forty).toEqual({ kappa: false, correlation: false });
  });

  it("gives null figures, not NaN, when there is no pair", () => {
    const { report } = buildAgreementReport(testData([]), SEED_CUTOFFS);
    expect(report.headline.n).toBe(0);
    expect(report.headline.kappa.quadratic.value).toBeNull();
    expect(report.headline.spearman.value).toBeNull();
    expect(report.headline.kendall.value).toBeNull();
    expect(report.ceiling.alpha.value).toBeNull();
    expect(JSON.stringify(report)).not.toContain("NaN");
  });

  it("puts the judge's level under other cut-offs when the thresholds change", () => {
    const { report } = buildAgreementReport(testData(EIGHT), { fair: 0.2, good: 0.4, excellent: 0.6 });
    // 0.3 → Fair, 0.55 → Good, 0.7 and 0.9 → Excellent: nothing is Poor any more.
    expect(report.headline.confusion.matrix.map((row) => row[0])).toEqual([0, 0, 0, 0]);
    expect(report.headline.confusion.matrix.map((row) => row[3])).toEqual([0, 0, 2, 2]);
  });
});

describe("buildAgreementReport: humans among themselves", () => {
  // Rater "hi" is always one level above rater "lo"; "gold" turns have gold level = lo's level.
  const units: TestUnit[] = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3].map((level, i) => ({
    ratings: [["lo", level], ["hi", level + 1]],
    score: at(level as 1 | 2 | 3),
    gold: i < 4 ? level : null,
  }));

  it("measures leniency against the others on the same turns", () => {
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    const byKey = Object.fromEntries(report.raters.map((r) => [r.rater, r]));
    expect(byKey.hi.leniency).toBe(1);
    expect(byKey.lo.leniency).toBe(-1);
    expect(byKey.hi.nWithOthers).toBe(12);
  });

  it("scores gold accuracy as the share of gold items rated at the gold level", () => {
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    const byKey = Object.fromEntries(report.raters.map((r) => [r.rater, r]));
    expect(byKey.lo.goldAccuracy).toBe(1);
    expect(byKey.hi.goldAccuracy).toBe(0);
    expect(byKey.lo.nGold).toBe(4);
  });

  it("gives the rater pair's κ and takes the judge as one more rater", () => {
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    const [pair] = report.ceiling.raterPairs;
    expect(pair.n).toBe(12);
    // Never the same level: observed agreement 0, so κ = −p_e / (1 − p_e) with p_e = Σ p_lo p_hi = (⅓·⅓)·2 = 2/9.
    expect(pair.unweighted).toBeCloseTo(-(2 / 9) / (7 / 9), 12);
    expect(report.ceiling.humans.nPairs).toBe(1);
    const judgeVsLo = report.ceiling.judgeVsRaters.find((p) => p.b === "lo");
    expect(judgeVsLo?.unweighted).toBeCloseTo(1, 12);
  });

  it("lists the raters' widest disagreements, not yet adjudicated first", () => {
    const spread: TestUnit[] = [
      { ratings: [["a", 1], ["b", 2]], score: at(1) },
      { ratings: [["a", 1], ["b", 4]], score: at(1), adjudicated: 1 },
      { ratings: [["a", 1], ["b", 3]], score: at(1) },
      { ratings: [["a", 2], ["b", 2]], score: at(2) },
    ];
    const { report } = buildAgreementReport(testData(spread), SEED_CUTOFFS);
    expect(report.disagreements.amongHumans.rows.map((r) => [r.turnId, r.spread])).toEqual([
      [3, 2],
      [1, 1],
      [2, 3],
    ]);
  });
});

describe("buildAgreementReport: Krippendorff's α", () => {
  it("equals α over one row per rater with missing ratings (the textbook layout)", () => {
    // Three raters, each missing some turns; one turn rated once (not pairable).
    const byRater: Record<string, (number | null)[]> = {
      x: [1, 2, 3, 4, 2, null, 3, 1, null, 4],
      y: [1, 3, 3, null, 2, 2, 4, 1, 2, 4],
      z: [null, 2, 4, 4, 1, 2, null, null, 3, null],
    };
    const units: TestUnit[] = Array.from({ length: 10 }, (_, u) => ({
      ratings: Object.entries(byRater)
        .filter(([, levels]) => levels[u] !== null)
        .map(([rater, levels]) => [rater, levels[u]!] as [string, number]),
      score: 0.5,
    }));
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    const textbook = krippendorffAlpha(Object.values(byRater), "ordinal");
    expect(report.ceiling.alpha.value).toBeCloseTo(textbook.value!, 12);
    expect(report.ceiling.alpha.nPairable).toBe(textbook.nPairable);
  });
});

describe("buildAgreementReport: breakdowns, bias and pairwise", () => {
  it("splits the figures per persona and reports each persona's offset", () => {
    const units: TestUnit[] = [
      ...EIGHT.map((u) => ({ ...u, persona: "thesis" })),
      { ratings: [["a", 1]], score: at(3), persona: "antithesis" },
      { ratings: [["a", 2]], score: at(4), persona: "antithesis" },
    ];
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    expect(report.byPersona.map((g) => [g.key, g.n])).toEqual([
      ["antithesis", 2],
      ["thesis", 8],
    ]);
    const antithesis = report.bias.personaOffsets.find((o) => o.persona === "antithesis");
    expect(antithesis?.offset).toBe(2);
  });

  it("groups turns by the Monday of their week and by import", () => {
    const monday = 20_454; // 2026-01-01 is a Thursday: day 20_454; its week starts on Monday 2025-12-29
    const units: TestUnit[] = EIGHT.map((u, i) => ({ ...u, day: monday + i, importId: i < 4 ? 7 : null }));
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    expect(report.overTime.byWeek.map((g) => [g.key, g.n])).toEqual([
      ["2025-12-29", 4],
      ["2026-01-05", 4],
    ]);
    expect(report.overTime.byImport.map((g) => [g.key, g.n])).toEqual([
      ["7", 4],
      ["none", 4],
    ]);
  });

  it("compares the judge's score with word count beside the humans' level", () => {
    const units: TestUnit[] = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4].map((level, i) => ({
      ratings: [["a", level]],
      score: 0.1 + i * 0.07,
      wordCount: 10 + i,
    }));
    const { report } = buildAgreementReport(testData(units), SEED_CUTOFFS);
    expect(report.bias.length.judge.value).toBeCloseTo(1, 12);
    expect(report.bias.length.human.value).not.toBeNull();
    expect(report.bias.length.difference).toBeCloseTo(1 - report.bias.length.human.value!, 12);
  });

  it("takes the passes' common winner, else a tie, when a comparison has no final verdict", () => {
    const data = testData(EIGHT);
    data.pairwise = {
      pass1: ["model_a", "model_a", "model_b"],
      pass2: ["model_a", "model_b", "model_b"],
      winner: [null, null, "model_b"],
      human: ["model_a", "tie", "model_a"],
      confidence: [null, null, null],
    };
    const { report } = buildAgreementReport(data, SEED_CUTOFFS);
    expect(report.pairwise?.n).toBe(3);
    expect(report.pairwise?.agreementWithTies).toBeCloseTo(2 / 3, 12);
    expect(report.pairwise?.passes.positionConsistency).toBeCloseTo(2 / 3, 12);
  });

  it("has no pairwise section without comparisons", () => {
    expect(buildAgreementReport(testData(EIGHT), SEED_CUTOFFS).report.pairwise).toBeNull();
  });
});
