import { describe, expect, it } from "vitest";
import { readSource } from "@/lib/ingest/sources/read-source";
import type { SourceName, SourceRead } from "@/lib/ingest/sources/source-values";
import { fixtureBytes } from "@/lib/ingest/sources/test-helpers";
import { getDb } from "@/lib/server/db";
import { ImportInvalidError } from "./import-errors";
import { importNative } from "./import-native";
import { rejectionOf, uniqueId } from "./test-helpers";

const cli = { source: "cli" } as const;

function readFixture(name: string, from: SourceName | null = null): SourceRead {
  const read = readSource(fixtureBytes(name), name, from);
  if ("problems" in read) throw new Error(JSON.stringify(read.problems));
  return read.read;
}

async function storedTurns(judgeName: string) {
  return getDb().turn.findMany({
    where: { session: { meta: { path: ["judge"], equals: `imported:${judgeName}` } } },
    orderBy: { ordinal: "asc" },
    include: { judgeScores: { include: { judge: true } }, judgeLabels: true, ratings: { orderBy: { annotator: "asc" } } },
  });
}

async function counts() {
  const db = getDb();
  return { sessions: await db.evalSession.count(), turns: await db.turn.count(), ratings: await db.rating.count(), imports: await db.import.count() };
}

describe("importNative", () => {
  it("stores a Langfuse export: EVAL scores as the judge's scores and labels, ANNOTATION scores as ratings by their authors", async () => {
    const judgeName = uniqueId("langfuse");
    const result = await importNative({ read: readFixture("langfuse-scores.json"), fileName: "langfuse-scores.json", actor: cli, judgeName });

    expect(result).toMatchObject({ status: "created", turnCount: 5, ratingCount: 6 });
    expect(result.sessions).toHaveLength(1);
    const turns = await storedTurns(judgeName);
    expect(turns.map((t) => [t.itemId, t.dimension, t.judgeScores.map((s) => [s.overallScore, s.judge.name]), t.judgeLabels.map((l) => l.label)])).toEqual([
      ["tr-a", "helpful", [[4, `imported:${judgeName}`]], []],
      ["tr-b", "helpful", [[2, `imported:${judgeName}`]], []],
      ["tr-a", "correct", [], ["true"]],
      ["tr-c/obs-c1", "tone", [], ["formal"]],
      ["tr-d", "tone", [], []],
    ]);
    expect(turns.map((t) => t.ratings.map((r) => [r.annotator, r.score, r.level, r.label, r.source]))).toEqual([
      [["user-ana", 5, 5, null, "imported"], ["user-ben", 4, 4, null, "imported"]],
      [["user-ana", 3, 3, null, "imported"]],
      [["user-ben", null, null, "false", "imported"]],
      [["user-ana", null, null, "casual", "imported"]],
      [["user-ben", null, null, "formal", "imported"]],
    ]);
    const types = await getDb().criterionType.findMany({ where: { criterion: { in: ["correct", "tone"] } }, orderBy: { criterion: "asc" } });
    expect(types.map((t) => [t.criterion, t.type, t.labels, t.positive])).toEqual([["correct", "binary", ["false", "true"], "true"], ["tone", "categorical", ["casual", "formal"], null]]);
  });

  it("stores nothing new when the same export is imported again", async () => {
    const judgeName = uniqueId("again");
    const first = await importNative({ read: readFixture("langfuse-scores.csv"), fileName: "langfuse-scores.csv", actor: cli, judgeName });
    expect(first.status).toBe("created");
    const before = await counts();

    const second = await importNative({ read: readFixture("langfuse-scores.csv"), fileName: "langfuse-scores.csv", actor: cli, judgeName });

    expect(second).toMatchObject({ status: "already_imported", turnCount: 0, ratingCount: 0 });
    expect(second.sessions.map((s) => s.status)).toEqual(["unchanged"]);
    expect(await counts()).toEqual(before);
  });

  it("stores nothing on a dry run, and says what an import would store", async () => {
    const before = await counts();
    const result = await importNative({ read: readFixture("langfuse-scores.json"), fileName: "langfuse-scores.json", actor: cli, judgeName: uniqueId("dry"), isDryRun: true });
    expect(result).toMatchObject({ status: "dry_run", turnCount: 5, ratingCount: 6, preview: { itemCount: 4, pairCount: 4 } });
    expect(await counts()).toEqual(before);
  });

  it("stores nothing of a file mixing two tools' records", async () => {
    const before = await counts();
    const read = readSource(fixtureBytes("mixed-langfuse-langsmith.jsonl"), "mixed-langfuse-langsmith.jsonl", null);
    expect("problems" in read && read.problems.map((p) => [p.line, p.message.slice(0, 30)])).toEqual([[3, "this is a LangSmith record, bu"]]);
    expect(await counts()).toEqual(before);
  });

  it("stores nothing when one item of the export is wrong, naming its record and field", async () => {
    const before = await counts();
    const text = JSON.stringify([
      { traceId: "t1", name: "q", value: 3, dataType: "NUMERIC", source: "EVAL", configId: "a" },
      { traceId: "t1", name: "q", value: 4, dataType: "NUMERIC", source: "ANNOTATION", authorUserId: "u1" },
      { traceId: "t2", name: "q", value: 4, dataType: "NUMERIC", source: "EVAL", configId: "a" },
      { traceId: "t2", name: "q", value: 5, dataType: "NUMERIC", source: "EVAL", configId: "b" },
    ]);
    const read = readSource(new TextEncoder().encode(text), "two-judges.json", "langfuse");
    if ("problems" in read) throw new Error("expected the file to read");
    const error = await rejectionOf(importNative({ read: read.read, fileName: "two-judges.json", actor: cli, judgeName: uniqueId("bad") }), ImportInvalidError);
    expect(error.report.problems).toEqual([{ line: null, path: "record 4: value", message: 'a second judge value for item "t2", criterion "q" (from b; the first, from a, is at record 3: value): an import holds one judge value per item and criterion' }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["langsmith-feedback.jsonl", "langsmith", 4, 5],
    ["phoenix-annotations.csv", "phoenix", 3, 2],
    ["label-studio-tasks.json", "label-studio", 5, 6],
    ["argilla-records.json", "argilla", 4, 5],
    ["inspect-log.json", "inspect", 8, 3],
  ] as const)("stores %s (%s) as %i turns and %i ratings, and nothing the second time", async (name, source, turnCount, ratingCount) => {
    const judgeName = uniqueId(source);
    const first = await importNative({ read: readFixture(name), fileName: name, actor: cli, judgeName });
    expect(first).toMatchObject({ status: "created", turnCount, ratingCount, preview: { source } });
    const before = await counts();
    const second = await importNative({ read: readFixture(name), fileName: name, actor: cli, judgeName });
    expect(second.status).toBe("already_imported");
    expect(await counts()).toEqual(before);
  });

  it("stores nothing new for an Inspect .eval archive after the same log as .json", async () => {
    const judgeName = uniqueId("inspect-both");
    expect((await importNative({ read: readFixture("inspect-log.json"), fileName: "inspect-log.json", actor: cli, judgeName })).status).toBe("created");
    const before = await counts();
    expect((await importNative({ read: readFixture("inspect-log.eval"), fileName: "inspect-log.eval", actor: cli, judgeName })).status).toBe("already_imported");
    expect(await counts()).toEqual(before);
  });
});
