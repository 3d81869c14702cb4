import { describe, expect, it } from "vitest";
import { CRITERION_TEMPLATES } from "./criterion-templates";
import { DEFAULT_RUBRIC } from "./default-rubric";
import { criteriaForPersona, rubricContentSchema, type RubricContent } from "./rubric.schema";

function withCriteria(extra: RubricContent["criteria"]): RubricContent {
  return { ...DEFAULT_RUBRIC, criteria: [...DEFAULT_RUBRIC.criteria, ...extra] };
}

function issuePaths(content: unknown): string[] {
  const result = rubricContentSchema.safeParse(content);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("the rubric schema", () => {
  it("accepts the default rubric and the criterion templates", () => {
    expect(rubricContentSchema.parse(DEFAULT_RUBRIC)).toEqual(DEFAULT_RUBRIC);
    expect(rubricContentSchema.safeParse(withCriteria([...CRITERION_TEMPLATES])).success).toBe(true);
  });

  it("gives every default level a description, characteristics, and the criterion edge cases", () => {
    const [overall] = DEFAULT_RUBRIC.criteria;
    expect(overall.levels.map((level) => [level.value, level.label])).toEqual([
      [1, "Poor"],
      [2, "Fair"],
      [3, "Good"],
      [4, "Excellent"],
    ]);
    for (const level of overall.levels) {
      expect(level.description.length).toBeGreaterThan(20);
      expect(level.characteristics.length).toBeGreaterThanOrEqual(3);
    }
    expect(overall.edgeCases.length).toBeGreaterThanOrEqual(3);
    expect(overall.strictness).toBe("balanced");
  });

  it("requires overall quality first, on the judge's four levels, for every persona", () => {
    const [overall] = DEFAULT_RUBRIC.criteria;
    const renamed = { ...DEFAULT_RUBRIC, criteria: [{ ...overall, key: "quality" }] };
    const relabelled = { ...DEFAULT_RUBRIC, criteria: [{ ...overall, levels: overall.levels.map((l, i) => (i === 3 ? { ...l, label: "Superb" } : l)) }] };
    const limited = { ...DEFAULT_RUBRIC, criteria: [{ ...overall, personas: ["thesis"] }] };
    const optional = { ...DEFAULT_RUBRIC, criteria: [{ ...overall, isRequired: false }] };

    expect(issuePaths(renamed)).toEqual(["criteria.0.key"]);
    expect(issuePaths(relabelled)).toEqual(["criteria.0.levels"]);
    expect(issuePaths(limited)).toEqual(["criteria.0.personas"]);
    expect(issuePaths(optional)).toEqual(["criteria.0.isRequired"]);
  });

  it("refuses levels out of order, duplicate labels, duplicate keys and empty texts", () => {
    const [completeness] = CRITERION_TEMPLATES;
    const swapped = { ...completeness, levels: [completeness.levels[1], completeness.levels[0], ...completeness.levels.slice(2)] };
    const twinLabels = { ...completeness, levels: completeness.levels.map((l) => ({ ...l, label: l.value > 3 ? "Thorough" : l.label })) };
    const blank = { ...completeness, levels: completeness.levels.map((l, i) => (i === 0 ? { ...l, description: "   " } : l)) };

    expect(issuePaths(withCriteria([swapped]))).toEqual(["criteria.1.levels.0.value", "criteria.1.levels.1.value"]);
    expect(issuePaths(withCriteria([twinLabels]))).toEqual(["criteria.1.levels.4.label"]);
    expect(issuePaths(withCriteria([completeness, completeness]))).toEqual(["criteria.2.key"]);
    expect(issuePaths(withCriteria([blank]))).toEqual(["criteria.1.levels.0.description"]);
  });

  it("refuses a criterion key that is not a lower-case identifier", () => {
    const [completeness] = CRITERION_TEMPLATES;
    expect(issuePaths(withCriteria([{ ...completeness, key: "Complete ness" }]))).toEqual(["criteria.1.key"]);
  });
});

describe("criteria of a turn", () => {
  const content = withCriteria([...CRITERION_TEMPLATES]);

  it("limits a criterion to the personas it names", () => {
    expect(criteriaForPersona(content, "thesis").map((c) => c.key)).toEqual(["overall", "completeness"]);
    expect(criteriaForPersona(content, "antithesis").map((c) => c.key)).toEqual(["overall", "completeness", "critical_intensity"]);
  });
});

describe("the rubric editor's form", () => {
  it("saves the rubric as JSON with a note, after tidying blank lines away", async () => {
    const { saveRubricSchema, tidyRubric } = await import("./save-rubric.schema");
    const [overall] = DEFAULT_RUBRIC.criteria;
    const typed: RubricContent = {
      ...DEFAULT_RUBRIC,
      criteria: [{ ...overall, guidelines: [...overall.guidelines, "  ", ""], levels: overall.levels.map((l) => ({ ...l, characteristics: [...l.characteristics, ""], example: " " })) }],
    };

    const parsed = saveRubricSchema.parse({ content: JSON.stringify(tidyRubric(typed)), note: " Clearer Fair ", basedOnVersionId: "4" });

    expect(parsed).toEqual({ content: DEFAULT_RUBRIC, note: "Clearer Fair", basedOnVersionId: 4 });
    expect(saveRubricSchema.safeParse({ content: "{", note: "x", basedOnVersionId: "4" }).success).toBe(false);
    expect(saveRubricSchema.safeParse({ content: JSON.stringify(DEFAULT_RUBRIC), note: " ", basedOnVersionId: "4" }).error?.issues[0].path).toEqual(["note"]);
  });
});
