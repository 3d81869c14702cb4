import { describe, expect, it } from "vitest";
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
});
