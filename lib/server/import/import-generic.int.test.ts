import { describe, expect, it, vi } from "vitest";
import { genericFieldsSchema } from "@/lib/ingest/import-options.schema";
import { getDb } from "@/lib/server/db";
import { ImportInvalidError } from "./import-errors";
import { importGeneric } from "./import-generic";
import { rejectionOf, uniqueId } from "./test-helpers";

const web = { source: "web" } as const;
const defaults = genericFieldsSchema.parse({});

async function storedTurns(externalId: string) {
  return getDb().turn.findMany({
    where: { session: { externalId } },
    orderBy: { ordinal: "asc" },
    include: { judgeScores: { include: { judge: true } }, ratings: { orderBy: { annotator: "asc" } } },
  });
}

describe("importGeneric", () => {
  it("maps a wide CSV (human_1, human_2) onto sessions, turns, judge scores and ratings by annotator", async () => {
    const id = uniqueId("csv");
    const judgeName = uniqueId("judge");
    const csv = ["item_id,text,judge_score,human_1,human_2", "q1,Paris is the capital,0.9,4,5", 'q2,"Berlin, maybe",0.35,2,', "q3,,0.6,2.5,3"].join("\n");

    const result = await importGeneric({ text: csv, fileName: "ratings.csv", fields: { ...defaults, judgeName }, actor: web, sessionId: id });

    expect(result).toMatchObject({ status: "created", turnCount: 3, ratingCount: 5 });
    expect(result.sessions).toEqual([{ id: expect.any(Number), externalId: id, status: "created", turnCount: 3, summaryDifferences: null }]);
    const turns = await storedTurns(id);
    expect(turns.map((t) => [t.ordinal, t.itemId, t.personaId, t.dimension, t.response, t.wordCount])).toEqual([
      [0, "q1", "item", null, "Paris is the capital", 4],
      [1, "q2", "item", null, "Berlin, maybe", 2],
      [2, "q3", "item", null, "", 0],
    ]);
    expect(turns.map((t) => t.judgeScores.map((s) => [s.overallScore, s.isImported, s.judge.name, s.judge.version, s.judge.kind]))).toEqual([
      [[0.9, true, `imported:${judgeName}`, "1", "imported"]],
      [[0.35, true, `imported:${judgeName}`, "1", "imported"]],
      [[0.6, true, `imported:${judgeName}`, "1", "imported"]],
    ]);
    expect(turns.map((t) => t.ratings.map((r) => [r.annotator, r.score, r.level, r.source, r.criterion, r.raterId]))).toEqual([
      [["human_1", 4, 4, "imported", "overall", null], ["human_2", 5, 5, "imported", "overall", null]],
      [["human_1", 2, 2, "imported", "overall", null]],
      [["human_1", 2.5, null, "imported", "overall", null], ["human_2", 3, 3, "imported", "overall", null]],
    ]);
    expect(turns[1].raw).toEqual({ item_id: "q2", text: "Berlin, maybe", judge_score: "0.35", human_1: "2", human_2: "" });
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: id }, include: { import: true } });
    expect(session.kind).toBe("generic");
    expect(session.import).toMatchObject({ source: "web", format: "generic", fileName: "ratings.csv", sessionCount: 1, turnCount: 3 });
  });

  it("maps long JSONL rows (one annotator each) with groups and dimensions, using configured field names", async () => {
    const prefix = uniqueId("jsonl");
    const rows = [
      { id: "a", conv: "c1", crit: "helpfulness", judge: 7, rater: "ann", human: 8, answer: "Use a map." },
      { id: "a", conv: "c1", crit: "helpfulness", judge: 7, rater: "bob", human: 6 },
      { id: "a", conv: "c1", crit: "safety", judge: 9, rater: "ann", human: 9 },
      { id: "b", conv: "c2", crit: "helpfulness", judge: 3, rater: "ann", human: 4 },
    ];
    const fields = genericFieldsSchema.parse({
      itemField: "id", groupField: "conv", dimensionField: "crit", judgeField: "judge", humanFields: ["human"], annotatorField: "rater", textField: "answer", judgeName: "gpt-judge",
    });

    const result = await importGeneric({ text: rows.map((r) => JSON.stringify(r)).join("\n"), fileName: "x.jsonl", fields, actor: web, sessionId: prefix });

    expect(result.sessions.map((s) => [s.externalId, s.turnCount])).toEqual([[`${prefix}/c1`, 2], [`${prefix}/c2`, 1]]);
    expect(result.ratingCount).toBe(4);
    const c1 = await storedTurns(`${prefix}/c1`);
    expect(c1.map((t) => [t.itemId, t.dimension, t.personaId, t.response, t.judgeScores[0].overallScore])).toEqual([
      ["a", "helpfulness", "helpfulness", "Use a map.", 7],
      ["a", "safety", "safety", "", 9],
    ]);
    expect(c1.map((t) => t.ratings.map((r) => [r.annotator, r.score, r.level]))).toEqual([[["ann", 8, 8], ["bob", 6, 6]], [["ann", 9, 9]]]);
    expect(c1[0].raw).toEqual([rows[0], rows[1]]);
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: `${prefix}/c1` } });
    expect(session.meta).toEqual({ group: "c1", judge: "imported:gpt-judge" });
  });

  it("says already imported on the same data again", async () => {
    const csv = `item_id,judge_score,human_score\n${uniqueId("item")},0.5,3\n`;
    const first = await importGeneric({ text: csv, fileName: "same.csv", fields: defaults, actor: web });

    const second = await importGeneric({ text: csv, fileName: "same.csv", fields: defaults, actor: web });

    expect(first.sessions[0].externalId).toMatch(/^sha256:/);
    expect(second).toMatchObject({ status: "already_imported", turnCount: 0, sessions: [{ status: "unchanged", externalId: first.sessions[0].externalId }] });
  });

  it("names each bad cell by line and column, and stores nothing", async () => {
    const id = uniqueId("bad-generic");
    const csv = ["item_id,judge_score,human_score", "q1,0.5,3", ",0.4,2", "q3,high,2", "q4,0.1,lots"].join("\n");

    const error = await rejectionOf(importGeneric({ text: csv, fileName: "bad.csv", fields: defaults, actor: web, sessionId: id }), ImportInvalidError);

    expect(error.report.problems).toEqual([
      { line: 3, path: "item_id", message: "an item id is required" },
      { line: 4, path: "judge_score", message: 'expected a number, got "high"' },
      { line: 5, path: "human_score", message: 'expected a number, got "lots"' },
    ]);
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
  });

  it("refuses a dataset without the fields it needs", async () => {
    const error = await rejectionOf(
      importGeneric({ text: "id,score\n1,2\n", fileName: "f.csv", fields: defaults, actor: web }),
      ImportInvalidError,
    );

    expect(error.report.problems).toEqual([
      { line: null, path: "", message: 'no human score field: expected "human_score" or "human_…" fields, or name them with --human-field' },
      { line: null, path: "item_id", message: 'no row has the field "item_id"' },
      { line: null, path: "judge_score", message: 'no row has the field "judge_score"' },
    ]);
  });

  it("stores label criteria: the humans' labels in ratings, the judge's with its confidence in judge_labels, each criterion's type", async () => {
    const id = uniqueId("labels");
    const [safety, intent, tags, length] = ["safety", "intent", "tags", "length"].map((name) => uniqueId(name));
    const csv = [
      "item_id,dimension,judge_score,confidence,human_1,human_2",
      `q1,${safety},pass,0.8,PASS,fail`,
      `q1,${intent},ask,,ask,tell`,
      `q1,${tags},a|b,0.25,[],b|a`,
      `q1,${length},7.5,,6,`,
    ].join("\n");
    const fields = genericFieldsSchema.parse({ confidenceField: "confidence", criterionTypes: [`${length}=numeric:0:10`] });

    const result = await importGeneric({ text: csv, fileName: "labels.csv", fields: { ...fields, judgeName: id }, actor: web, sessionId: id });

    expect(result).toMatchObject({ status: "created", turnCount: 4, ratingCount: 7 });
    expect(result.criteria?.map((c) => [c.criterion, c.type.type, c.isDeclared])).toEqual([
      [safety, "binary", false], [intent, "categorical", false], [tags, "multilabel", false], [length, "numeric", true],
    ]);
    const turns = await getDb().turn.findMany({
      where: { session: { externalId: id } },
      orderBy: { ordinal: "asc" },
      include: { judgeScores: true, judgeLabels: { include: { judge: true } }, ratings: { orderBy: { annotator: "asc" } } },
    });
    expect(turns.map((t) => [t.dimension, t.judgeScores.map((s) => s.overallScore), t.judgeLabels.map((l) => [l.label, l.labels, l.confidence, l.isImported, l.judge.name])])).toEqual([
      [safety, [], [["pass", [], 0.8, true, `imported:${id}`]]],
      [intent, [], [["ask", [], null, true, `imported:${id}`]]],
      [tags, [], [[null, ["a", "b"], 0.25, true, `imported:${id}`]]],
      [length, [7.5], []],
    ]);
    expect(turns.map((t) => t.ratings.map((r) => [r.annotator, r.criterion, r.level, r.score, r.label, r.labels]))).toEqual([
      [["human_1", "overall", null, null, "pass", []], ["human_2", "overall", null, null, "fail", []]],
      [["human_1", "overall", null, null, "ask", []], ["human_2", "overall", null, null, "tell", []]],
      [["human_1", "overall", null, null, null, []], ["human_2", "overall", null, null, null, ["a", "b"]]],
      [["human_1", "overall", 6, 6, null, []]],
    ]);
    const types = await getDb().criterionType.findMany({ where: { criterion: { in: [safety, intent, tags, length] } } });
    expect(types.map((t) => [t.criterion, t.type, t.labels, t.positive, t.min, t.max]).sort()).toEqual(
      [
        [safety, "binary", ["fail", "pass"], "pass", null, null],
        [intent, "categorical", ["ask", "tell"], null, null, null],
        [tags, "multilabel", ["a", "b"], null, null, null],
        [length, "numeric", [], null, 0, 10],
      ].sort(),
    );
  });

  it("keeps an empty label set apart from a missing one", async () => {
    const id = uniqueId("empty-set");
    const tags = uniqueId("tags");
    const rows = [
      { item_id: "q1", dimension: tags, judge_score: [], human_1: [], human_2: null },
      { item_id: "q2", dimension: tags, judge_score: ["x"], human_1: "x" },
    ];

    await importGeneric({ text: rows.map((r) => JSON.stringify(r)).join("\n"), fileName: "t.jsonl", fields: defaults, actor: web, sessionId: id });

    const ratings = await getDb().rating.findMany({ where: { turn: { session: { externalId: id } } }, orderBy: { turn: { ordinal: "asc" } } });
    expect(ratings.map((r) => [r.annotator, r.labels])).toEqual([["human_1", []], ["human_1", ["x"]]]);
    const raw = await getDb().$queryRaw<{ labels: string[] | null }[]>`
      SELECT r.labels FROM ratings r JOIN turns t ON t.id = r.turn_id JOIN eval_sessions s ON s.id = t.session_id
      WHERE s.external_id = ${id} ORDER BY t.ordinal`;
    expect(raw).toEqual([{ labels: [] }, { labels: ["x"] }]);
  });

  it("refuses a label outside a declared criterion's list, naming the row, and stores nothing", async () => {
    const id = uniqueId("bad-label");
    const intent = uniqueId("intent");
    const csv = ["item_id,dimension,judge_score,human_score", `q1,${intent},ask,ask`, `q2,${intent},greet,ask`, `q3,${intent},ask,ask|tell`].join("\n");
    const fields = genericFieldsSchema.parse({ criterionTypes: [`${intent}=categorical:ask,tell`] });

    const error = await rejectionOf(importGeneric({ text: csv, fileName: "bad.csv", fields, actor: web, sessionId: id }), ImportInvalidError);

    expect(error.report.problems).toEqual([
      { line: 3, path: "judge_score", message: `"greet" is not a label of categorical criterion "${intent}" (ask, tell)` },
      { line: 4, path: "human_score", message: `a multi-label value given for categorical criterion "${intent}"` },
    ]);
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
    expect(await getDb().criterionType.count({ where: { criterion: intent } })).toBe(0);
  });

  it("widens a criterion stored by an earlier import with new labels, and refuses one that would change its type, storing nothing", async () => {
    const intent = uniqueId("intent");
    const first = ["item_id,dimension,judge_score,human_score", `q1,${intent},ask,ask`, `q2,${intent},tell,ask`].join("\n");
    const fields = genericFieldsSchema.parse({ criterionTypes: [`${intent}=categorical:ask,tell`] });
    await importGeneric({ text: first, fileName: "first.csv", fields, actor: web, sessionId: uniqueId("first") });

    const second = ["item_id,dimension,judge_score,human_score", `q1,${intent},greet,ask`].join("\n");
    await importGeneric({ text: second, fileName: "second.csv", fields: genericFieldsSchema.parse({ criterionTypes: [`${intent}=categorical:greet,ask`] }), actor: web, sessionId: uniqueId("second") });
    expect(await getDb().criterionType.findUnique({ where: { criterion: intent }, select: { type: true, labels: true } })).toEqual({ type: "categorical", labels: ["ask", "tell", "greet"] });

    const id = uniqueId("retype");
    const third = ["item_id,dimension,judge_score,human_score", `q1,${intent},yes,no`, `q2,${intent},no,no`].join("\n");
    const error = await rejectionOf(importGeneric({ text: third, fileName: "third.csv", fields: defaults, actor: web, sessionId: id }), ImportInvalidError);
    expect(error.report.problems).toEqual([
      {
        line: null,
        path: intent,
        message: `criterion "${intent}" is stored as categorical (ask, tell, greet) by an earlier import or the rubric; this file makes it binary (no, yes; positive yes). Declare its type as stored (--criterion-type ${intent}=categorical) or import it under another name.`,
      },
    ]);
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
    expect(await getDb().criterionType.findUnique({ where: { criterion: intent }, select: { labels: true } })).toEqual({ labels: ["ask", "tell", "greet"] });
  });

  it("refuses labels with no dimension, which would retype overall, Concord's quality levels, and stores nothing", async () => {
    const id = uniqueId("overall-labels");
    const csv = ["item_id,judge_score,human_score", "q1,yes,no", "q2,no,no"].join("\n");

    const error = await rejectionOf(importGeneric({ text: csv, fileName: "overall.csv", fields: defaults, actor: web, sessionId: id }), ImportInvalidError);

    expect(error.report.problems.map((p) => [p.line, p.path])).toEqual([[null, "dimension"]]);
    expect(error.report.problems[0].message).toMatch(/binary labels, but with no "dimension" field they would rate "overall"/);
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
    expect(await getDb().criterionType.count({ where: { criterion: "overall" } })).toBe(0);
  });

  it("rolls everything back when the database refuses a row late in the import", async () => {
    const id = uniqueId("late-failure");
    const safety = uniqueId("safety");
    const csv = ["item_id,dimension,judge_score,human_score", `q1,${safety},pass,pass`, `q2,${safety},fail,fail`].join("\n");
    const spy = vi.spyOn(await import("./insert-judge-labels"), "insertJudgeLabels").mockRejectedValueOnce(new Error("disk full"));

    await expect(importGeneric({ text: csv, fileName: "late.csv", fields: defaults, actor: web, sessionId: id })).rejects.toThrow("disk full");

    spy.mockRestore();
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
    expect(await getDb().criterionType.count({ where: { criterion: safety } })).toBe(0);
  });

  it("on a dry run reports the sessions, counts and types it would store, and stores nothing", async () => {
    const id = uniqueId("dry-run");
    const judgeName = uniqueId("dry-judge");
    const safety = uniqueId("safety");
    const csv = ["item_id,dimension,judge_score,human_score", `q1,${safety},yes,no`, `q2,${safety},no,no`].join("\n");

    const result = await importGeneric({ text: csv, fileName: "dry.csv", fields: { ...defaults, judgeName }, actor: web, sessionId: id, isDryRun: true });

    expect(result).toMatchObject({ status: "dry_run", importId: null, turnCount: 2, ratingCount: 2, sessions: [{ externalId: id, status: "created", turnCount: 2 }] });
    expect(result.criteria).toEqual([{ criterion: safety, type: { type: "binary", labels: ["no", "yes"], positive: "yes" }, isDeclared: false, turnCount: 2, ratingCount: 2 }]);
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
    expect(await getDb().criterionType.count({ where: { criterion: safety } })).toBe(0);
    expect(await getDb().judge.count({ where: { name: `imported:${judgeName}` } })).toBe(0);
  });
});
