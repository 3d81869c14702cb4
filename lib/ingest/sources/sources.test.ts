// The exact mapping of each tool's fixture (lib/ingest/sources/fixtures, written from the tool's
// documentation or source): which values became ratings by which rater, which the judge's, and
// the types. Langfuse has its own file (langfuse.test.ts).
import { describe, expect, it } from "vitest";
import { readSource } from "./read-source";
import { previewFixture, readFixture, valueTuples } from "./test-helpers";

const RUN_A = "8e2f0d6a-aaaa-4b1e-8c11-000000000001";
const RUN_B = "8e2f0d6a-bbbb-4b1e-8c11-000000000002";
const RUN_C = "8e2f0d6a-cccc-4b1e-8c11-000000000003";
const USER_A = "d2b1c7e0-0000-4000-8000-00000000a001";
const USER_B = "d2b1c7e0-0000-4000-8000-00000000b002";

function types(name: string) {
  return previewFixture(name).criteria.map((c) => [c.criterion, c.typeText, c.isDeclared]);
}

function problemsOf(text: string, fileName: string, from: Parameters<typeof readSource>[2]) {
  const read = readSource(new TextEncoder().encode(text), fileName, from);
  return "problems" in read ? read.problems : [];
}

describe("LangSmith feedback", () => {
  it("maps model feedback to the judge and app/api feedback with a user to that user; userless api feedback is left out", () => {
    const read = readFixture("langsmith-feedback.jsonl");
    expect(read.source).toBe("langsmith");
    expect(valueTuples(read)).toEqual([
      [RUN_A, "correctness", "judge", "model", 1],
      [RUN_A, "correctness", "human", USER_A, 1],
      [RUN_A, "correctness", "human", USER_B, 0],
      [RUN_B, "correctness", "judge", "model", 0],
      [RUN_B, "correctness", "human", USER_A, 0],
      [RUN_A, "conciseness", "judge", "model", 0.8],
      [RUN_A, "conciseness", "human", USER_A, 0.6],
      [RUN_C, "category", "judge", "model", "billing"],
      [RUN_C, "category", "human", USER_B, "refund"],
    ]);
    expect(read.skipped).toEqual([
      { reason: "api feedback with no user_id (not known to be a person)", count: 1 },
      { reason: "feedback with neither a score nor a value (a comment or correction only)", count: 1 },
    ]);
    expect(types("langsmith-feedback.jsonl")).toEqual([
      ["correctness", "numeric 0–1", false],
      ["conciseness", "numeric 0.6–0.8", false],
      ["category", "categorical [billing, refund]", false],
    ]);
  });

  it("reads a CSV of feedback with feedback_source as dotted columns or as JSON text", () => {
    const csv = [
      "run_id,key,score,value,feedback_source.type,feedback_source.user_id",
      "r1,accuracy,1,,model,",
      "r1,accuracy,0,,app,u-7",
      "r2,label,,spam,model,",
    ].join("\n");
    const read = readSource(new TextEncoder().encode(csv), "feedback.csv", null);
    expect("read" in read && valueTuples(read.read)).toEqual([
      ["r1", "accuracy", "judge", "model", 1],
      ["r1", "accuracy", "human", "u-7", 0],
      ["r2", "label", "judge", "model", "spam"],
    ]);
    const jsonText = ["run_id,key,score,feedback_source", 'r1,accuracy,1,"{""type"": ""app"", ""user_id"": ""u-8""}"'].join("\n");
    const fromJsonText = readSource(new TextEncoder().encode(jsonText), "feedback.csv", "langsmith");
    expect("read" in fromJsonText && valueTuples(fromJsonText.read)).toEqual([["r1", "accuracy", "human", "u-8", 1]]);
  });

  it("names the line and field of a feedback record with an unknown source type", () => {
    const line = JSON.stringify({ run_id: "r1", key: "k", score: 1, feedback_source: { type: "robot" } });
    expect(problemsOf(`${line}\n`, "f.jsonl", "langsmith")).toEqual([{ line: 1, path: "feedback_source.type", message: 'expected model, app or api, got "robot"' }]);
  });
});

describe("Phoenix annotations", () => {
  const expected = [
    ["a1b2c3d4e5f60001", "qa_correctness", "judge", "gpt-4o", "correct"],
    ["a1b2c3d4e5f60001", "qa_correctness", "human", "VXNlcjox", "incorrect"],
    ["a1b2c3d4e5f60002", "qa_correctness", "judge", "gpt-4o", "correct"],
    ["a1b2c3d4e5f60002", "qa_correctness", "human", "VXNlcjoy", "correct"],
    ["a1b2c3d4e5f60002", "relevance", "judge", "rouge-l", 0.75],
  ];

  it("maps the client's dataframe CSV by annotator_kind: HUMAN by user_id, LLM and CODE as the judge; notes left out", () => {
    const read = readFixture("phoenix-annotations.csv");
    expect(read.source).toBe("phoenix");
    expect(valueTuples(read)).toEqual(expected);
    expect(read.skipped).toEqual([{ reason: "notes (free text)", count: 1 }]);
    expect(read.values[1]).toMatchObject({ line: 3, path: "result.label" });
  });

  it("maps the REST API's records (result nested) to the same values", () => {
    const read = readFixture("phoenix-annotations.json");
    expect(valueTuples(read)).toEqual(expected);
    const preview = previewFixture("phoenix-annotations.json");
    expect(preview.judgeOnly).toEqual({ count: 1, listed: [{ item: "a1b2c3d4e5f60002", criterion: "relevance" }] });
    expect(types("phoenix-annotations.json")).toEqual([
      ["qa_correctness", "categorical [correct, incorrect]", false],
      ["relevance", "ordinal", false],
    ]);
  });

  it("names the record and field of an annotation with an unknown annotator kind", () => {
    const text = JSON.stringify([{ span_id: "s", name: "q", annotator_kind: "ROBOT", result: { label: "a" } }]);
    expect(problemsOf(text, "a.json", "phoenix")).toEqual([{ line: null, path: "record 1: annotator_kind", message: 'expected HUMAN, LLM or CODE, got "ROBOT"' }]);
  });
});

describe("Label Studio tasks", () => {
  it("maps annotations to ratings by completed_by and predictions to the judge by model_version, per control", () => {
    const read = readFixture("label-studio-tasks.json");
    expect(read.source).toBe("label-studio");
    expect(valueTuples(read)).toEqual([
      ["101", "sentiment", "human", "user 1", "Positive"],
      ["101", "quality", "human", "user 1", 4],
      ["101", "sentiment", "human", "user 2", "Negative"],
      ["101", "quality", "human", "user 2", 3],
      ["101", "sentiment", "judge", "sentiment-v2", "Positive"],
      ["101", "quality", "judge", "sentiment-v2", 4],
      ["102", "sentiment", "human", "user 2", "Negative"],
      ["102", "topics", "human", "user 2", ["Billing", "Billing/Double charge"]],
      ["102", "sentiment", "judge", "sentiment-v2", "Neutral"],
      ["102", "topics", "judge", "sentiment-v2", ["Billing"]],
      ["103", "sentiment", "judge", "sentiment-v2", "Neutral"],
    ]);
    expect(read.skipped).toEqual([
      { reason: "cancelled annotations", count: 1 },
      { reason: "labels results (regions or free text)", count: 1 },
    ]);
    expect(read.texts.get("102")).toBe("I was charged twice and nobody answers.");
    expect(types("label-studio-tasks.json")).toEqual([
      ["sentiment", "categorical [Negative, Neutral, Positive]", false],
      ["quality", "ordinal", false],
      ["topics", "multilabel [Billing, Billing/Double charge]", false],
    ]);
  });

  it("names the task and result of a malformed choice", () => {
    const text = JSON.stringify([{ id: 1, data: {}, annotations: [{ completed_by: 3, result: [{ from_name: "s", type: "choices", value: { choices: "Yes" } }] }] }]);
    expect(problemsOf(text, "t.json", "label-studio")).toEqual([
      { line: null, path: "record 1: annotations[0].result[0].value.choices", message: 'expected a list of chosen labels, got "Yes"' },
    ]);
  });
});

describe("Argilla records", () => {
  const A = "7d0e3c9a-1111-4a4a-9b9b-0000000000a1";
  const B = "7d0e3c9a-2222-4a4a-9b9b-0000000000b2";

  it("maps submitted responses to ratings by user_id and suggestions to the judge by agent; drafts left out", () => {
    const read = readFixture("argilla-records.json");
    expect(read.source).toBe("argilla");
    expect(valueTuples(read)).toEqual([
      ["review-1", "sentiment", "judge", "gpt-4o-mini", "positive"],
      ["review-1", "stars", "judge", "gpt-4o-mini", 4],
      ["review-1", "sentiment", "human", A, "positive"],
      ["review-1", "sentiment", "human", B, "negative"],
      ["review-1", "stars", "human", A, 3],
      ["review-2", "sentiment", "judge", "gpt-4o-mini", "negative"],
      ["review-2", "sentiment", "human", A, "negative"],
      ["review-2", "topics", "human", A, ["durability", "support"]],
    ]);
    expect(read.skipped).toEqual([{ reason: "draft responses (not submitted)", count: 1 }]);
    expect(types("argilla-records.json")).toEqual([
      ["sentiment", "categorical [negative, positive]", false],
      ["stars", "ordinal", false],
      ["topics", "multilabel [durability, support]", false],
    ]);
    expect(previewFixture("argilla-records.json").humanOnly).toEqual({ count: 1, listed: [{ item: "review-2", criterion: "topics" }] });
  });

  it("reads the Hugging Face datasets layout to the same values", () => {
    const sorted = (name: string) => valueTuples(readFixture(name)).map((t) => JSON.stringify(t)).sort();
    expect(sorted("argilla-hub.jsonl")).toEqual(sorted("argilla-records.json"));
  });
});

describe("Inspect AI logs", () => {
  const GRADER = "model_graded_fact (anthropic/claude-sonnet-4-5)";
  const expected = [
    ["1#1", "model_graded_fact", "judge", GRADER, "C"],
    ["1#1", "match", "judge", "match", "C"],
    ["1#2", "model_graded_fact", "judge", GRADER, "I"],
    ["1#2", "model_graded_fact", "human", "alice@example.com", "C"],
    ["1#2", "match", "judge", "match", "I"],
    ["2#1", "model_graded_fact", "judge", GRADER, "I"],
    ["2#1", "match", "judge", "match", "I"],
    ["2#2", "model_graded_fact", "judge", GRADER, "P"],
    ["2#2", "model_graded_fact", "human", "bob@example.com", "C"],
    ["2#2", "model_graded_fact", "human", "alice@example.com", "P"],
    ["2#2", "match", "judge", "match", "C"],
  ];

  it("maps each scorer's original value to the judge and each edit to its author (sample id + epoch + scorer)", () => {
    const read = readFixture("inspect-log.json");
    expect(read.source).toBe("inspect");
    expect(valueTuples(read)).toEqual(expected);
    expect(read.values[2].path).toBe("samples[1]: scores.model_graded_fact.history[0].value");
    expect(types("inspect-log.json")).toEqual([
      ["model_graded_fact", "categorical [C, P, I, N]", true],
      ["match", "categorical [C, P, I, N]", true],
    ]);
  });

  it("reads the .eval zip archive to the same values, naming its entries", () => {
    const read = readFixture("inspect-log.eval");
    expect(valueTuples(read)).toEqual(expected);
    expect(read.values[0].path).toBe("samples/1_epoch_1.json: scores.model_graded_fact.value");
  });

  it("names the sample and field of a malformed score", () => {
    const text = JSON.stringify({ eval: {}, samples: [{ id: 1, epoch: 1, scores: { s: { value: { a: [{ x: 1 }] } } } }] });
    expect(problemsOf(text, "log.json", null)).toEqual([
      { line: null, path: "samples[0]: scores.s.value.a", message: 'a score value is a number, a boolean, a label, a list or a dict of them, got [{"x":1}]' },
    ]);
  });
});

describe("detection", () => {
  it("asks for --from when no record looks like a known tool's", () => {
    expect(problemsOf('{"a": 1}\n{"a": 2}\n', "x.jsonl", null)).toEqual([
      { line: null, path: "", message: "cannot tell which tool wrote this file from its records; name it (--from langfuse|langsmith|phoenix|label-studio|argilla|inspect)" },
    ]);
  });

  it("refuses a file read as another tool's, naming the record", () => {
    const text = JSON.stringify([{ id: 1, data: {}, annotations: [] }]);
    expect(problemsOf(text, "t.json", "langfuse")).toEqual([
      { line: null, path: "record 1", message: "this is a Label Studio record, but the file was read as Langfuse: a file must hold one tool's records" },
    ]);
  });
});
