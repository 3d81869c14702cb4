import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rubricRequestSchema, saveDraftSchema } from "@/lib/llm-judge/rubric-generation.schema";
import { inOrder, promptOf, startOpenAiStub, wellFormedJudge, type OpenAiStub } from "@/scripts/test/openai-stub-server";
import { DomainError } from "../errors";
import { generateRubric } from "./generate-rubric";
import { createStubEndpoint, errorOf, FAST_POLICY } from "./llm-test-helpers";
import { saveGeneratedCriterion } from "./save-generated-criterion";

// The rubric is shared by every test of the database: the version write is captured here,
// not made, so that no other test finds a rubric it did not expect.
const saved = vi.hoisted(() => [] as Array<{ content: { criteria: Array<{ key: string }> } }>);
vi.mock("../rubrics/save-rubric-version", () => ({
  saveRubricVersion: async (input: (typeof saved)[number]) => {
    saved.push(input);
    return { id: 999, version: 43 };
  },
}));

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterEach(() => {
  stub.requests.length = 0;
  stub.setScript(wellFormedJudge);
});
afterAll(async () => {
  await stub.close();
});

const edgeCases = [{ situation: "An ambiguous case", guidance: "Score conservatively" }];
const entry = (label: string) => ({ label, description: `When ${label}`, characteristics: [`Shows ${label}`] });
const reply = (output: object) => inOrder({ content: JSON.stringify({ ...output, edgeCases, scoringGuidelines: ["Judge only this"] }) });

async function requestFor(fields: Record<string, string>) {
  const endpoint = await createStubEndpoint(stub.baseUrl);
  return rubricRequestSchema.parse({ endpointId: String(endpoint.id), criterionName: "Generated", criterionDescription: "What it measures", domain: "customer support", ...fields });
}

/** The "save as a rubric version" path: the draft's JSON through the save form into the rubric. */
async function saveDraft(criterion: object) {
  const form = saveDraftSchema.parse({ criterion: JSON.stringify(criterion), note: "Generated", personas: "" });
  await saveGeneratedCriterion({ ...form, authorId: 1 });
  return saved.at(-1)?.content.criteria.at(-1);
}

describe("generateRubric for each criterion type", () => {
  it("generates a binary criterion with its positive label, and saves it with both", async () => {
    const request = await requestFor({ criterionKey: "gen_binary", criterionType: "binary", positive: "Safe" });
    stub.setScript(reply({ labels: [entry("Safe"), entry("Unsafe")], positive: "Safe" }));

    const draft = await generateRubric(request, FAST_POLICY);

    expect(promptOf(stub.requests[0])).toContain('Positive label: "Safe"');
    expect(draft.criterion).toMatchObject({ key: "gen_binary", type: "binary", positive: "Safe", levels: [{ value: 1, label: "Safe" }, { value: 2, label: "Unsafe" }] });
    expect(await saveDraft(draft.criterion)).toEqual(draft.criterion);
  });

  it("generates a categorical criterion of exactly the labels asked for", async () => {
    const request = await requestFor({ criterionKey: "gen_categorical", criterionType: "categorical", labels: "ok, off_topic, toxic" });
    stub.setScript(reply({ labels: ["ok", "off_topic", "toxic"].map(entry) }));

    const draft = await generateRubric(request, FAST_POLICY);

    expect(promptOf(stub.requests[0])).toContain("Labels: ok, off_topic, toxic");
    expect(draft.criterion.type).toBe("categorical");
    expect(draft.criterion.levels.map((level) => level.label)).toEqual(["ok", "off_topic", "toxic"]);
    expect(await saveDraft(draft.criterion)).toEqual(draft.criterion);
  });

  it("generates a multi-label criterion with labels the model proposes", async () => {
    const request = await requestFor({ criterionKey: "gen_multilabel", criterionType: "multilabel" });
    stub.setScript(reply({ labels: ["rude", "wrong", "unhelpful"].map(entry) }));

    const draft = await generateRubric(request, FAST_POLICY);

    expect(promptOf(stub.requests[0])).toContain("Type: multi-label");
    expect(draft.criterion).toMatchObject({ type: "multilabel", levels: [{ value: 1, label: "rude" }, { value: 2, label: "wrong" }, { value: 3, label: "unhelpful" }] });
    expect(await saveDraft(draft.criterion)).toEqual(draft.criterion);
  });

  it("generates a numeric criterion with its range and anchors, and saves it with min and max", async () => {
    const request = await requestFor({ criterionKey: "gen_numeric", criterionType: "numeric", min: "1", max: "7", levelCount: "3" });
    stub.setScript(reply({ anchors: [{ value: 1, ...entry("Useless") }, { value: 4, ...entry("Usable") }, { value: 7, ...entry("Ideal") }] }));

    const draft = await generateRubric(request, FAST_POLICY);

    expect(promptOf(stub.requests[0])).toContain("Range: 1 to 7");
    expect(draft.criterion).toMatchObject({ type: "numeric", min: 1, max: 7, levels: [{ value: 1 }, { value: 4 }, { value: 7 }] });
    expect(await saveDraft(draft.criterion)).toEqual(draft.criterion);
  });

  it("refuses, saying why, labels other than those asked for, after asking once more", async () => {
    const request = await requestFor({ criterionKey: "gen_refused", criterionType: "categorical", labels: "ok, toxic" });
    stub.setScript(reply({ labels: ["fine", "toxic"].map(entry) }));
    const before = saved.length;

    const error = await errorOf(generateRubric(request, FAST_POLICY), DomainError);

    expect(stub.requests).toHaveLength(2);
    expect(error.message).toBe("No rubric: the model's output was malformed twice: the JSON does not match the required format (labels: give exactly these labels, in this order: ok, toxic).");
    expect(saved).toHaveLength(before);
  });

  it("refuses a numeric rubric whose anchors leave the scale", async () => {
    const request = await requestFor({ criterionKey: "gen_off_scale", criterionType: "numeric", min: "0", max: "10", levelCount: "3" });
    stub.setScript(reply({ anchors: [{ value: 0, ...entry("Low") }, { value: 5, ...entry("Mid") }, { value: 12, ...entry("High") }] }));

    const error = await errorOf(generateRubric(request, FAST_POLICY), DomainError);

    expect(error.message).toContain("anchors.2.value: the last anchor is at 10; anchors.2.value: an anchor lies on the scale, from 0 to 10");
  });
});
