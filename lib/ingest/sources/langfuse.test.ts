import { describe, expect, it } from "vitest";
import { describeSourcePreview } from "./preview-source";
import { readSource } from "./read-source";
import { fixtureBytes, previewFixture, readFixture, valueTuples } from "./test-helpers";

const EXPECTED = [
  ["tr-a", "helpful", "judge", "cfg-helpful-judge", 4],
  ["tr-a", "helpful", "human", "user-ana", 5],
  ["tr-a", "helpful", "human", "user-ben", 4],
  ["tr-b", "helpful", "judge", "cfg-helpful-judge", 2],
  ["tr-b", "helpful", "human", "user-ana", 3],
  ["tr-a", "correct", "judge", "cfg-correct-judge", "true"],
  ["tr-a", "correct", "human", "user-ben", "false"],
  ["tr-c/obs-c1", "tone", "judge", "cfg-tone-judge", "formal"],
  ["tr-c/obs-c1", "tone", "human", "user-ana", "casual"],
  ["tr-d", "tone", "human", "user-ben", "formal"],
];

describe("Langfuse scores", () => {
  it("maps EVAL scores to the judge and ANNOTATION scores to their authors, API scores left out", () => {
    const read = readFixture("langfuse-scores.json", "langfuse");
    expect(valueTuples(read)).toEqual(EXPECTED);
    expect(read.skipped).toEqual([{ reason: "API scores (neither an evaluator nor an annotation)", count: 1 }]);
    expect(read.values[0].path).toBe("record 1: value");
  });

  it("reads the CSV export to the same values, with line numbers", () => {
    const read = readFixture("langfuse-scores.csv", "langfuse");
    expect(valueTuples(read)).toEqual(EXPECTED);
    expect(read.values[0].line).toBe(2);
  });

  it("is detected by its shape", () => {
    expect(readFixture("langfuse-scores.json").source).toBe("langfuse");
    expect(readFixture("langfuse-scores.csv").source).toBe("langfuse");
  });

  it("previews criteria with the types Langfuse states, raters, judges and the item without a pair", () => {
    const preview = previewFixture("langfuse-scores.json");
    expect(preview.itemCount).toBe(4);
    expect(preview.pairCount).toBe(4);
    expect(preview.judgeName).toBe("imported:langfuse");
    expect(preview.criteria.map((c) => [c.criterion, c.typeText, c.isDeclared, c.judgeValues, c.humanValues])).toEqual([
      ["helpful", "ordinal", false, 2, 3],
      ["correct", "binary [false, true] positive true", true, 1, 1],
      ["tone", "categorical [casual, formal]", true, 1, 2],
    ]);
    expect(preview.raters).toEqual([{ rater: "user-ana", values: 3 }, { rater: "user-ben", values: 3 }]);
    expect(preview.judges).toEqual([{ name: "cfg-correct-judge", values: 1 }, { name: "cfg-helpful-judge", values: 2 }, { name: "cfg-tone-judge", values: 1 }]);
    expect(preview.humanOnly).toEqual({ count: 1, listed: [{ item: "tr-d", criterion: "tone" }] });
    expect(preview.judgeOnly).toEqual({ count: 0, listed: [] });
    expect(describeSourcePreview(preview)).toEqual([
      "Langfuse: 4 items, 4 judge-human pairs (item + criterion)",
      "criteria:",
      "  helpful: ordinal (inferred); 2 judge values, 3 human values",
      "  correct: binary [false, true] positive true (from the source); 1 judge value, 1 human value",
      "  tone: categorical [casual, formal] (from the source); 1 judge value, 2 human values",
      "raters (human): user-ana (3), user-ben (3)",
      "judge: imported:langfuse from cfg-correct-judge (1), cfg-helpful-judge (2), cfg-tone-judge (1)",
      "items without a judge value: 1 (tr-d tone)",
      "left out: 1 record, API scores (neither an evaluator nor an annotation)",
    ]);
  });

  it("names the record and field of a malformed score", () => {
    const text = JSON.stringify([
      { traceId: "t1", name: "q", value: 3, dataType: "NUMERIC", source: "EVAL" },
      { traceId: "t1", name: "q", value: "high", dataType: "NUMERIC", source: "ANNOTATION", authorUserId: "u" },
      { traceId: "t2", name: "q", value: 2, dataType: "NUMERIC", source: "ANNOTATION" },
    ]);
    const read = readSource(new TextEncoder().encode(text), "scores.json", "langfuse");
    expect(read).toEqual({
      problems: [
        { line: null, path: "record 2: value", message: 'a NUMERIC score needs a number, got "high"' },
        { line: null, path: "record 3: authorUserId", message: "an ANNOTATION score names its rater in authorUserId" },
      ],
    });
  });

  it("refuses a file mixing Langfuse and LangSmith records, naming the foreign record", () => {
    const read = readSource(fixtureBytes("mixed-langfuse-langsmith.jsonl"), "mixed-langfuse-langsmith.jsonl", null);
    expect(read).toEqual({
      problems: [{ line: 3, path: "", message: "this is a LangSmith record, but the file was read as Langfuse: a file must hold one tool's records" }],
    });
  });

  it("refuses a broken record in the middle of an export, naming its line", () => {
    const read = readSource(fixtureBytes("langfuse-broken.jsonl"), "langfuse-broken.jsonl", "langfuse");
    expect(read).toEqual({ problems: [{ line: 3, path: "", message: expect.stringMatching(/^not valid JSON/) }] });
  });
});
