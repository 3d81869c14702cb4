import { describe, expect, it } from "vitest";
import { genericFieldsSchema } from "./import-options.schema";
import { planGenericImport } from "./plan-generic-import";
import { readGenericTable } from "./read-generic-table";

const defaults = genericFieldsSchema.parse({});
const options = { judgeName: "imported:test", sessionId: null };

function planOf(text: string, fileName: string, fields = defaults) {
  const read = readGenericTable(text, fileName);
  if (!("table" in read)) throw new Error(JSON.stringify(read.problems));
  return planGenericImport(read.table, fields, options);
}

function ratingsOf(result: ReturnType<typeof planOf>) {
  if (!("plan" in result)) throw new Error(JSON.stringify(result.problems));
  return result.plan.sessions.map((s) => s.turns.map((t) => [t.turn.item_id, t.score!.overall_score, t.ratings.map((r) => [r.annotator, r.score, r.level])]));
}

describe("planGenericImport", () => {
  it("takes every human_* column when there is no human_score, each as an annotator", () => {
    const result = planOf("item_id,judge_score,human_a,human_b\n1,0.25,3,\n2,0.5,11,0.5\n", "d.csv");

    expect(ratingsOf(result)).toEqual([[["1", 0.25, [["human_a", 3, 3]]], ["2", 0.5, [["human_a", 11, null], ["human_b", 0.5, null]]]]]);
  });

  it("expands a human field ending in * to the columns it prefixes", () => {
    const fields = genericFieldsSchema.parse({ humanFields: ["r*"] });

    expect(ratingsOf(planOf("item_id,judge_score,r1,r2,x\nq,1,2,3,4\n", "d.csv", fields))).toEqual([[["q", 1, [["r1", 2, 2], ["r2", 3, 3]]]]]);
  });

  it("gathers long rows of one item into one turn, one rating per annotator, and groups into sessions", () => {
    const rows = [
      { item_id: "a", group_id: "g1", judge_score: 4, annotator: "x", human_score: 4 },
      { item_id: "a", group_id: "g1", judge_score: 4, annotator: "y", human_score: 2 },
      { item_id: "b", group_id: "g2", judge_score: 1, annotator: "x", human_score: 1 },
    ];

    const result = planOf(rows.map((r) => JSON.stringify(r)).join("\n"), "d.jsonl");

    expect(ratingsOf(result)).toEqual([[["a", 4, [["x", 4, 4], ["y", 2, 2]]]], [["b", 1, [["x", 1, 1]]]]]);
    if ("plan" in result) {
      expect(result.plan.sessions.map((s) => [s.group, s.externalId.slice(0, 7)])).toEqual([["g1", "sha256:"], ["g2", "sha256:"]]);
      expect(result.plan).toMatchObject({ turnCount: 2, ratingCount: 3, humanFields: ["human_score"] });
    }
  });

  it("makes one turn per item and dimension, named after the dimension", () => {
    const result = planOf("item_id,dimension,judge_score,human_score\nq,clarity,3,3\nq,accuracy,2,1\n", "d.csv");

    if (!("plan" in result)) throw new Error("problems");
    expect(result.plan.sessions[0].turns.map((t) => [t.turn.ordinal, t.turn.persona_id, t.turn.dimension])).toEqual([[0, "clarity", "clarity"], [1, "accuracy", "accuracy"]]);
  });

  it("names session ids after the given id, with the group after a slash", () => {
    const read = readGenericTable("item_id,group_id,judge_score,human_score\n1,,1,1\n2,g,1,1\n", "d.csv");
    if (!("table" in read)) throw new Error("problems");

    const result = planGenericImport(read.table, defaults, { judgeName: "imported:x", sessionId: "run-7" });

    expect("plan" in result && result.plan.sessions.map((s) => s.externalId)).toEqual(["run-7", "run-7/g"]);
  });

  it("reports a judge score that changes within an item and an annotator who rates it twice", () => {
    const rows = [
      { item_id: "a", judge_score: 4, annotator: "x", human_score: 4 },
      { item_id: "a", judge_score: 5, annotator: "x", human_score: 3 },
    ];

    expect(planOf(rows.map((r) => JSON.stringify(r)).join("\n"), "d.jsonl")).toEqual({
      problems: {
        problems: [
          { line: 2, path: "judge_score", message: "judge score 5 differs from 4 on line 1 for the same item" },
          { line: 2, path: "annotator", message: 'annotator "x" already rated this item' },
        ],
        omitted: 0,
      },
    });
  });
});

describe("readGenericTable", () => {
  it("chooses CSV or JSONL by extension, else by the first character", () => {
    expect(readGenericTable("a,b\n1,2\n", null)).toMatchObject({ table: { format: "csv", columns: ["a", "b"], rows: [{ line: 2, record: { a: "1", b: "2" } }] } });
    expect(readGenericTable('{"a":1}\n\n{"b":2}', null)).toMatchObject({ table: { format: "jsonl", columns: ["a", "b"], rows: [{ line: 1 }, { line: 3 }] } });
    expect(readGenericTable("a\tb\n1\t2\n", "x.tsv")).toMatchObject({ table: { format: "csv", rows: [{ record: { a: "1", b: "2" } }] } });
  });

  it("names the line of a broken CSV row and of a broken JSON line", () => {
    expect(readGenericTable("a,b\n1,2\n3,4,5\n", "x.csv")).toEqual({
      problems: [{ line: 3, path: "", message: "not valid CSV (Invalid Record Length: columns length is 2, got 3 on line 3)" }],
    });
    expect(readGenericTable('{"a":1}\n{"a":', "x.jsonl")).toEqual({ problems: [{ line: 2, path: "", message: expect.stringMatching(/^not valid JSON/) }] });
  });
});
