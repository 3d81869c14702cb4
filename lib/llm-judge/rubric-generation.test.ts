import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import { rubricContentSchema } from "@/lib/rubric/rubric.schema";
import { fromRubricCriterion, judgeCriterionSchema } from "./criteria";
import { parseModelOutput } from "./model-output";
import { generatedRubricSchema } from "./generated-rubric.schema";
import { rubricRequestSchema, saveDraftSchema, toRubricDraft, withCriterion } from "./rubric-generation.schema";

const request = rubricRequestSchema.parse({
  endpointId: "1",
  criterionKey: "readability",
  criterionName: "Code Readability",
  criterionDescription: "How easy the code is to understand and maintain",
  domain: "software engineering",
  levelCount: "3",
  strictness: "balanced",
});

const levels = [
  { score: 1, label: "Poor", description: "Hard to understand", characteristics: ["No meaningful names"] },
  { score: 2, label: "Adequate", description: "Understandable with effort", characteristics: ["Most names meaningful"] },
  { score: 3, label: "Excellent", description: "Immediately clear", characteristics: ["Descriptive names", "Clean structure"] },
];
const edgeCases = [{ situation: "Domain abbreviations", guidance: "Score for domain experts" }];

describe("generatedRubricSchema", () => {
  it("accepts levels with descriptions and characteristics, and edge cases", () => {
    const result = parseModelOutput(JSON.stringify({ levels, edgeCases }), generatedRubricSchema(request));
    expect(result.ok).toBe(true);
  });

  it("wants exactly one level per score of the requested scale", () => {
    const result = parseModelOutput(JSON.stringify({ levels: [levels[0], levels[2]], edgeCases }), generatedRubricSchema(request));
    expect(!result.ok && result.problem).toContain("give exactly 3 levels");
  });

  it("wants levels in order 1…n", () => {
    const shuffled = [levels[1], levels[0], levels[2]];
    const result = parseModelOutput(JSON.stringify({ levels: shuffled, edgeCases }), generatedRubricSchema(request));
    expect(!result.ok && result.problem).toContain("levels.0.score: expected score 1");
  });

  it("wants at least one edge case", () => {
    const result = parseModelOutput(JSON.stringify({ levels, edgeCases: [] }), generatedRubricSchema(request));
    expect(!result.ok && result.problem).toContain("edgeCases");
  });
});

describe("toRubricDraft", () => {
  const draft = toRubricDraft(request, generatedRubricSchema(request).parse({ levels, edgeCases, scoringGuidelines: ["Judge only readability"] }));

  it("makes a criterion of the stored rubric's shape, which the LLM judge can score with", () => {
    expect(draft).toMatchObject({ domain: "software engineering", endpointId: 1 });
    expect(draft.criterion).toMatchObject({
      key: "readability",
      strictness: "balanced",
      guidelines: ["Judge only readability"],
      levels: levels.map(({ score, ...level }) => ({ value: score, ...level })),
      isRequired: false,
      personas: [],
    });
    expect(judgeCriterionSchema.safeParse(fromRubricCriterion(draft.criterion)).success).toBe(true);
  });

  it("adds a new criterion to a rubric, which stays valid", () => {
    const content = withCriterion(DEFAULT_RUBRIC, draft.criterion);
    expect(content.criteria.map((criterion) => criterion.key)).toEqual(["overall", "readability"]);
    expect(rubricContentSchema.safeParse(content).success).toBe(true);
  });

  it("replaces the criterion with the same key", () => {
    const twice = withCriterion(withCriterion(DEFAULT_RUBRIC, draft.criterion), { ...draft.criterion, name: "Readability" });
    expect(twice.criteria.map((criterion) => criterion.name)).toEqual(["Overall quality", "Readability"]);
  });

  it("reads the reviewed criterion, a note and the personas from the save form", () => {
    const parsed = saveDraftSchema.parse({ criterion: JSON.stringify(draft.criterion), note: "Generated", personas: "antithesis, synthesis" });
    expect(parsed).toEqual({ criterion: draft.criterion, note: "Generated", personas: ["antithesis", "synthesis"] });
    expect(saveDraftSchema.safeParse({ criterion: "{}", note: "x" }).error?.issues[0].message).toBe("The criterion is not valid rubric JSON");
  });
});

describe("rubricRequestSchema", () => {
  it("defaults to four levels and balanced strictness", () => {
    const parsed = rubricRequestSchema.parse({ endpointId: "2", criterionKey: "depth", criterionName: "Depth", criterionDescription: "d", domain: "x" });
    expect(parsed).toMatchObject({ levelCount: 4, strictness: "balanced" });
  });

  it("refuses a key that is not a simple identifier", () => {
    expect(rubricRequestSchema.safeParse({ ...request, endpointId: "1", criterionKey: "Code Readability" }).success).toBe(false);
  });
});
