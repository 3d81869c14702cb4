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

describe("planGenericImport with label criteria", () => {
  const csv = [
    "item_id,dimension,judge_score,confidence,human_1,human_2",
    "q1,safety,pass,0.9,Pass,fail",
    "q2,safety,fail,,fail,",
    "q1,intent,ask,0.6,ask,tell",
    "q1,tags,a|b,1,[],b|a",
    'q2,tags,"[""c""]",0,c,',
  ].join("\n");
  const fields = genericFieldsSchema.parse({ confidenceField: "confidence" });

  it("infers each criterion's type, stores the judge's labels apart from scores and the humans' as labels", () => {
    const result = planOf(csv, "d.csv", fields);

    if (!("plan" in result)) throw new Error(JSON.stringify(result.problems));
    expect(result.plan.criteria).toEqual([
      { criterion: "safety", type: { type: "binary", labels: ["fail", "pass"], positive: "pass" }, isDeclared: false, turnCount: 2, ratingCount: 3 },
      { criterion: "intent", type: { type: "categorical", labels: ["ask", "tell"] }, isDeclared: false, turnCount: 1, ratingCount: 2 },
      { criterion: "tags", type: { type: "multilabel", labels: ["a", "b", "c"] }, isDeclared: false, turnCount: 2, ratingCount: 3 },
    ]);
    const turns = result.plan.sessions[0].turns;
    expect(turns.map((t) => [t.turn.item_id, t.turn.dimension, t.score, t.judgeLabel])).toEqual([
      ["q1", "safety", null, { label: "pass", labels: null, confidence: 0.9 }],
      ["q2", "safety", null, { label: "fail", labels: null, confidence: null }],
      ["q1", "intent", null, { label: "ask", labels: null, confidence: 0.6 }],
      ["q1", "tags", null, { label: null, labels: ["a", "b"], confidence: 1 }],
      ["q2", "tags", null, { label: null, labels: ["c"], confidence: 0 }],
    ]);
    expect(turns.map((t) => t.ratings.map((r) => [r.annotator, r.label ?? r.labels]))).toEqual([
      [["human_1", "pass"], ["human_2", "fail"]],
      [["human_1", "fail"]],
      [["human_1", "ask"], ["human_2", "tell"]],
      [["human_1", []], ["human_2", ["a", "b"]]],
      [["human_1", ["c"]]],
    ]);
    expect(turns[3].ratings[0]).toMatchObject({ score: null, level: null, label: null });
  });

  it("uses a declared type over the inferred one, with its labels", () => {
    const declared = genericFieldsSchema.parse({ criterionTypes: ["overall=categorical:1,2,3,n/a"] });

    const result = planOf("item_id,judge_score,human_score\nq1,2,n/a\nq2,3,1\n", "d.csv", declared);

    expect("plan" in result && result.plan.criteria).toEqual([
      { criterion: "overall", type: { type: "categorical", labels: ["1", "2", "3", "n/a"] }, isDeclared: true, turnCount: 2, ratingCount: 2 },
    ]);
    expect("plan" in result && result.plan.sessions[0].turns.map((t) => [t.score, t.judgeLabel?.label, t.ratings[0].label])).toEqual([
      [null, "2", "n/a"],
      [null, "3", "1"],
    ]);
  });

  it("names the row and field of each value the criterion's type refuses", () => {
    const declared = genericFieldsSchema.parse({
      confidenceField: "confidence",
      criterionTypes: ["intent=categorical:ask,tell", "safety=binary"],
    });
    const rows = [
      "item_id,dimension,judge_score,confidence,human_1",
      "q1,intent,ask,0.5,greet",
      "q2,intent,ask|tell,,ask",
      "q3,safety,maybe,,pass",
      "q4,safety,pass,1.5,fail",
      "q5,safety,,,pass",
    ];

    expect(planOf(rows.join("\n"), "d.csv", declared)).toEqual({
      problems: {
        problems: [
          { line: 2, path: "human_1", message: '"greet" is not a label of categorical criterion "intent" (ask, tell)' },
          { line: 3, path: "judge_score", message: 'a multi-label value given for categorical criterion "intent"' },
          { line: 4, path: "judge_score", message: '"maybe" is not a label of binary criterion "safety" (fail, pass)' },
          { line: 5, path: "confidence", message: 'a confidence is a number from 0 to 1, got "1.5"' },
          { line: 6, path: "judge_score", message: "a judge label is required" },
        ],
        omitted: 0,
      },
    });
  });

  it("reports a judge label that changes within an item, and a criterion whose type cannot be completed", () => {
    const changing = [
      { item_id: "a", dimension: "intent", judge_score: "ask", annotator: "x", human_score: "ask" },
      { item_id: "a", dimension: "intent", judge_score: "tell", annotator: "y", human_score: "tell" },
      { item_id: "b", dimension: "mood", judge_score: "calm", annotator: "x", human_score: "calm" },
    ];

    expect(planOf(changing.map((r) => JSON.stringify(r)).join("\n"), "d.jsonl")).toEqual({
      problems: {
        problems: [
          { line: null, path: "dimension", message: 'criterion "mood" has only the label "calm"; declare its labels (NAME=categorical:a,b,…)' },
          { line: 2, path: "judge_score", message: 'judge label "tell" differs from "ask" on line 1 for the same item' },
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
