import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import { rubricContentSchema } from "@/lib/rubric/rubric.schema";
import { generatedRubricSchema } from "./generated-rubric.schema";
import { parseModelOutput } from "./model-output";
import { buildRubricGenerationMessages } from "./rubric-generation-prompt";
import { rubricRequestSchema, saveDraftSchema, toRubricDraft, withCriterion } from "./rubric-generation.schema";

const base = { endpointId: "1", criterionKey: "safety", criterionName: "Safety", criterionDescription: "Whether the reply is safe to show", domain: "customer support" };
const edgeCases = [{ situation: "Sarcasm", guidance: "Judge the literal content" }];
const entry = (label: string) => ({ label, description: `When ${label}`, characteristics: [`Shows ${label}`] });
const parse = (request: ReturnType<typeof rubricRequestSchema.parse>, output: unknown) => parseModelOutput(JSON.stringify(output), generatedRubricSchema(request));
const valueOf = (result: ReturnType<typeof parse>) => {
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};
const problemOf = (result: ReturnType<typeof parse>) => (result.ok ? "" : result.problem);

describe("binary rubric generation", () => {
  const request = rubricRequestSchema.parse({ ...base, criterionType: "binary", positive: "Safe" });

  it("asks for two labels with the positive one named", () => {
    const [, user] = buildRubricGenerationMessages(request);
    expect(user.content).toContain('Positive label: "Safe"');
    expect(user.content).toContain('"positive":"<the positive label>"');
    expect(user.content).not.toContain("Scale: 1-");
  });

  it("makes a binary criterion with its positive label, which the rubric accepts", () => {
    const result = parse(request, { labels: [entry("Safe"), entry("Unsafe")], positive: "Safe", edgeCases });
    const draft = toRubricDraft(request, valueOf(result));
    expect(draft.criterion).toMatchObject({ type: "binary", positive: "Safe", levels: [{ value: 1, label: "Safe" }, { value: 2, label: "Unsafe" }] });
    expect(rubricContentSchema.safeParse(withCriterion(DEFAULT_RUBRIC, draft.criterion)).success).toBe(true);
  });

  it("refuses a positive label other than the one asked for, and three labels", () => {
    expect(problemOf(parse(request, { labels: [entry("Pass"), entry("Fail")], positive: "Pass", edgeCases }))).toContain('positive: the positive label must be "Safe"');
    expect(problemOf(parse(request, { labels: [entry("Safe"), entry("Unsafe"), entry("Unsure")], positive: "Safe", edgeCases }))).toContain("labels: give exactly two labels");
  });

  it("lets the model name the positive label when none is asked, as long as it is one of the two", () => {
    const open = rubricRequestSchema.parse({ ...base, criterionType: "binary" });
    expect(parse(open, { labels: [entry("Pass"), entry("Fail")], positive: "Pass", edgeCases }).ok).toBe(true);
    expect(problemOf(parse(open, { labels: [entry("Pass"), entry("Fail")], positive: "Maybe", edgeCases }))).toContain("positive: the positive label must be one of the two labels");
  });
});

describe("categorical and multi-label rubric generation", () => {
  const categorical = rubricRequestSchema.parse({ ...base, criterionType: "categorical", labels: "ok, off_topic, toxic" });

  it("asks for exactly the labels listed", () => {
    expect(buildRubricGenerationMessages(categorical)[1].content).toContain("Labels: ok, off_topic, toxic");
  });

  it("makes a categorical criterion of the labels, in the order asked", () => {
    const result = parse(categorical, { labels: [entry("ok"), entry("off_topic"), entry("toxic")], edgeCases, scoringGuidelines: ["One label only"] });
    const draft = toRubricDraft(categorical, valueOf(result));
    expect(draft.askedLabels).toEqual(["ok", "off_topic", "toxic"]);
    expect(draft.criterion).toMatchObject({ type: "categorical", guidelines: ["One label only"], levels: [{ value: 1, label: "ok" }, { value: 2, label: "off_topic" }, { value: 3, label: "toxic" }] });
    expect(draft.criterion.positive).toBeUndefined();
  });

  it("refuses labels other than those asked for, or in another order", () => {
    const renamed = parse(categorical, { labels: [entry("ok"), entry("offtopic"), entry("toxic")], edgeCases });
    const reordered = parse(categorical, { labels: [entry("toxic"), entry("ok"), entry("off_topic")], edgeCases });
    expect(problemOf(renamed)).toContain("labels: give exactly these labels, in this order: ok, off_topic, toxic");
    expect(problemOf(reordered)).toContain("labels: give exactly these labels, in this order");
  });

  it("takes the model's own multi-label labels when none are listed, but not two with one name", () => {
    const multilabel = rubricRequestSchema.parse({ ...base, criterionType: "multilabel" });
    const result = parse(multilabel, { labels: [entry("rude"), entry("wrong")], edgeCases });
    expect(toRubricDraft(multilabel, valueOf(result)).criterion.type).toBe("multilabel");
    expect(problemOf(parse(multilabel, { labels: [entry("rude"), entry("Rude")], edgeCases }))).toContain("labels.1.label: two entries have this label");
  });

  it("refuses a label without characteristics", () => {
    expect(problemOf(parse(categorical, { labels: [entry("ok"), entry("off_topic"), { ...entry("toxic"), characteristics: [] }], edgeCases }))).toContain("labels.2.characteristics");
  });
});

describe("numeric rubric generation", () => {
  const request = rubricRequestSchema.parse({ ...base, criterionType: "numeric", min: "0", max: "100", levelCount: "3" });
  const anchors = [{ value: 0, ...entry("None") }, { value: 50, ...entry("Some") }, { value: 100, ...entry("Full") }];

  it("asks for anchors from the lowest to the highest value", () => {
    const user = buildRubricGenerationMessages(request)[1].content;
    expect(user).toContain("Range: 0 to 100");
    expect(user).toContain("the first at 0 and the last at 100");
  });

  it("makes a numeric criterion with its range and anchors at their points", () => {
    const result = parse(request, { anchors, edgeCases });
    const draft = toRubricDraft(request, valueOf(result));
    expect(draft.criterion).toMatchObject({ type: "numeric", min: 0, max: 100, levels: [{ value: 0 }, { value: 50 }, { value: 100 }] });
    expect(saveDraftSchema.parse({ criterion: JSON.stringify(draft.criterion), note: "n" }).criterion).toEqual(draft.criterion);
  });

  it("refuses anchors off the scale, out of order or not at its ends", () => {
    expect(problemOf(parse(request, { anchors: [anchors[0], { ...anchors[1], value: 150 }, anchors[2]], edgeCases }))).toContain("anchors.1.value: an anchor lies on the scale, from 0 to 100");
    expect(problemOf(parse(request, { anchors: [anchors[0], { ...anchors[1], value: 100 }, anchors[2]], edgeCases }))).toContain("anchors.2.value: anchors go from low to high");
    expect(problemOf(parse(request, { anchors: [{ ...anchors[0], value: 10 }, anchors[1], anchors[2]], edgeCases }))).toContain("anchors.0.value: the first anchor is at 0");
    expect(problemOf(parse(request, { anchors: anchors.slice(0, 2), edgeCases }))).toContain("anchors: give exactly 3 anchors");
  });
});

describe("rubricRequestSchema by type", () => {
  it("wants a range above its lowest value for a numeric criterion", () => {
    const errors = rubricRequestSchema.safeParse({ ...base, criterionType: "numeric", min: "5", max: "5" }).error?.issues;
    expect(errors?.map((issue) => [issue.path[0], issue.message])).toEqual([["max", "The highest value must be above the lowest"]]);
    expect(rubricRequestSchema.safeParse({ ...base, criterionType: "numeric", min: "", max: "" }).error?.issues.map((issue) => issue.path[0])).toEqual(["min", "max"]);
  });

  it("refuses one categorical label, repeated labels, and a non-ordinal overall criterion", () => {
    const messages = (input: object) => rubricRequestSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => issue.message);
    expect(messages({ criterionType: "categorical", labels: "ok" })).toEqual(["List at least two labels, or none to let the model propose them"]);
    expect(messages({ criterionType: "multilabel", labels: "a, b, A" })).toEqual(["Two labels are the same"]);
    expect(messages({ criterionType: "binary", criterionKey: "overall" })).toEqual(["Overall quality is an ordinal scale"]);
  });
});
