import { describe, expect, it } from "vitest";
import { DEFAULT_OVERALL_CRITERION, judgeCriterionSchema, scoreOfLevel, type JudgeCriterion } from "./criteria";
import { directOutputSchema, summariseDirectOutput } from "./direct-output.schema";
import { levelOfScore } from "@/lib/thresholds/levels";
import { parseModelOutput } from "./model-output";
import { scoreOfQualityLevel } from "./quality-score";

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

const overall = DEFAULT_OVERALL_CRITERION;
const completeness: JudgeCriterion = {
  key: "completeness",
  name: "Completeness",
  description: "Covers the prompt's points",
  weight: 0.5,
  levels: [1, 2, 3, 4, 5].map((score) => ({ score, label: `L${score}`, description: `level ${score}`, characteristics: [] })),
  edgeCases: [],
  guidelines: [],
};

function reply(scores: object[]) {
  return JSON.stringify({ scores, summary: "s" });
}

describe("the built-in overall criterion", () => {
  it("uses the four quality levels in order and passes its own schema", () => {
    expect(overall.levels.map((level) => `${level.score} ${level.label}`)).toEqual(["1 Poor", "2 Fair", "3 Good", "4 Excellent"]);
    expect(judgeCriterionSchema.safeParse(overall).success).toBe(true);
  });
});

describe("scoreOfLevel", () => {
  it("maps a 1–4 level to (level − 1) / 3", () => {
    expect([1, 2, 3, 4].map((level) => scoreOfLevel(level, 4))).toEqual([0, 1 / 3, 2 / 3, 1]);
  });
});

describe("directOutputSchema", () => {
  const schema = directOutputSchema([overall]);

  it("accepts a verdict with evidence, justification, score and improvement", () => {
    const result = parseModelOutput(reply([{ criterion: "overall", evidence: ["quote"], justification: "because", score: 3, improvement: "x" }]), schema);
    expect(result.ok).toBe(true);
  });

  it("rejects a score outside the criterion's scale", () => {
    const result = parseModelOutput(reply([{ criterion: "overall", evidence: [], justification: "because", score: 5 }]), schema);
    expect(!result.ok && result.problem).toContain("scores.0.score: must be between 1 and 4");
  });

  it("rejects a reply that leaves a criterion out", () => {
    const result = parseModelOutput(reply([{ criterion: "other", justification: "because", score: 2 }]), schema);
    expect(!result.ok && result.problem).toContain('no verdict for criterion "overall"');
  });

  it("rejects a score without a justification", () => {
    const result = parseModelOutput(reply([{ criterion: "overall", justification: "", score: 2 }]), schema);
    expect(result.ok).toBe(false);
  });

  it("rejects a fractional score", () => {
    const result = parseModelOutput(reply([{ criterion: "overall", justification: "j", score: 2.5 }]), schema);
    expect(!result.ok && result.problem).toContain("the score must be an integer");
  });
});

describe("summariseDirectOutput", () => {
  it("takes the overall criterion's level, label and justification, and puts the level mid-band on 0–1", () => {
    const output = directOutputSchema([overall, completeness]).parse({
      scores: [
        { criterion: "completeness", justification: "covers most", score: 5 },
        { criterion: "overall", justification: "solid", score: 3 },
      ],
    });

    const verdict = summariseDirectOutput(output, [overall, completeness], SEED_CUTOFFS);

    expect(verdict.overallScore).toBeCloseTo(0.725, 12);
    expect(verdict.level).toBe(3);
    expect(verdict.levelLabel).toBe("Good");
    expect(verdict.rationale).toBe("solid");
    expect(verdict.criteria.map((criterion) => [criterion.key, criterion.level, criterion.score])).toEqual([
      ["overall", 3, 2 / 3],
      ["completeness", 5, 1],
    ]);
  });

  it("uses the weighted mean of the criteria when there is no overall criterion", () => {
    const other = { ...completeness, key: "depth", weight: 1.5, levels: completeness.levels.slice(0, 3) };
    const output = directOutputSchema([completeness, other]).parse({
      scores: [
        { criterion: "completeness", justification: "a", score: 2 },
        { criterion: "depth", justification: "b", score: 3 },
      ],
    });

    const verdict = summariseDirectOutput(output, [completeness, other], SEED_CUTOFFS);

    expect(verdict.overallScore).toBeCloseTo((0.5 * 0.25 + 1.5 * 1) / 2, 12);
    expect(verdict.level).toBeNull();
  });
});

describe("scoreOfQualityLevel", () => {
  it("gives the middle of each level's band under seed 002's cut-offs", () => {
    const expected = [0.25, 0.575, 0.725, 0.9];
    ([1, 2, 3, 4] as const).forEach((level, index) => expect(scoreOfQualityLevel(level, SEED_CUTOFFS)).toBeCloseTo(expected[index], 12));
  });

  it.each([SEED_CUTOFFS, { fair: 0.3, good: 0.31, excellent: 0.99 }, { fair: 0.01, good: 0.5, excellent: 0.51 }])("reads back as the same level under the cut-offs it was made with (%o)", (cutoffs) => {
    expect(([1, 2, 3, 4] as const).map((level) => levelOfScore(scoreOfQualityLevel(level, cutoffs), cutoffs))).toEqual([1, 2, 3, 4]);
  });
});
