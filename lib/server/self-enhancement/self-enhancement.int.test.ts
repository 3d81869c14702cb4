import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRoute } from "@/app/api/v1/agreement/self-enhancement/route";
import { genericFieldsSchema } from "@/lib/ingest/import-options.schema";
import { selfEnhancement } from "@/lib/self-enhancement/self-enhancement";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { getDb } from "@/lib/server/db";
import { ImportInvalidError } from "../import/import-errors";
import { importGeneric } from "../import/import-generic";
import { importLog } from "../import/import-log";
import { ndjson, rejectionOf, turn, uniqueId } from "../import/test-helpers";
import { findTurnPage } from "../sessions/find-turn-page";
import { getSelfEnhancement, judgeModelOf } from "./get-self-enhancement";

// A generic dataset whose items name the model that wrote them, judged by a judge whose own
// model is gpt-4o-mini: on answers by GPT models it gives one level more than people
// (capped at 4), on Claude's and Llama's what people give.
const SCORE_OF_LEVEL = [0, 0.3, 0.55, 0.7, 0.9];

function rows() {
  const out: Record<string, unknown>[] = [];
  const models = ["gpt-4o", "claude-3-5-sonnet", "gpt-4.1-mini", "meta-llama/Llama-3.1-8B"];
  for (let s = 0; s < 6; s++) {
    for (let i = 0; i < 4; i++) {
      const human = 1 + ((s + i) % 3);
      const model = models[(s + i) % 4];
      const isGpt = model.includes("gpt");
      out.push({ group_id: `g${s}`, item_id: `i${s}-${i}`, text: `answer ${s} ${i}`, human_score: human, judge_score: SCORE_OF_LEVEL[isGpt ? Math.min(4, human + 1) : human], generator_model: model });
    }
  }
  out.push({ group_id: "g0", item_id: "unknown", text: "x", human_score: 2, judge_score: 0.55, generator_model: "house-model-7" });
  out.push({ group_id: "g0", item_id: "none", text: "y", human_score: 2, judge_score: 0.55 });
  return out;
}

describe("getSelfEnhancement", () => {
  let judge: string;
  beforeAll(async () => {
    judge = uniqueId("self-judge");
    await importGeneric({
      text: rows().map((r) => JSON.stringify(r)).join("\n"),
      fileName: "self.jsonl",
      fields: genericFieldsSchema.parse({ judgeName: judge, judgeModel: "gpt-4o-mini" }),
      actor: { source: "cli" },
      sessionId: uniqueId("self"),
    });
  });

  it("flags the judge's own family, counts each generator and compares the judge's gap with the people's", async () => {
    const report = await getSelfEnhancement({ judge: `imported:${judge}` });
    expect(report.judge).toMatchObject({ name: `imported:${judge}`, model: "gpt-4o-mini", family: "openai/gpt", familyLabel: "OpenAI GPT" });
    expect(report.generators).toEqual([
      { model: "gpt-4.1-mini", family: "openai/gpt", n: 6, isOwn: true },
      { model: "gpt-4o", family: "openai/gpt", n: 6, isOwn: true },
      { model: "claude-3-5-sonnet", family: "anthropic/claude", n: 6, isOwn: false },
      { model: "meta-llama/Llama-3.1-8B", family: "meta/llama", n: 6, isOwn: false },
      { model: "house-model-7", family: null, n: 1, isOwn: false },
    ]);
    expect(report.nWithoutModel).toBe(1);
    expect(report.nUnknownFamily).toBe(1);
    // Written out: GPT answers' human levels 1,2,3 in equal share, judge one above each; others equal.
    const data = rows().filter((r) => typeof r.generator_model === "string" && r.generator_model !== "house-model-7");
    const level = (score: number) => SCORE_OF_LEVEL.indexOf(score);
    const direct = selfEnhancement({
      judge: data.map((r) => level(r.judge_score as number)),
      human: data.map((r) => r.human_score as number),
      isOwn: data.map((r) => String(r.generator_model).startsWith("gpt")),
      cluster: data.map((r) => Number(String(r.group_id).slice(1))),
    });
    const figures = report.figures!;
    expect(figures.own).toEqual({ n: 12, judge: 3, human: 2 });
    expect(figures.other).toEqual({ n: 12, judge: 2, human: 2 });
    expect(figures.judgeGap).toBe(1);
    expect(figures.humanGap).toBe(0);
    expect(figures.difference.value).toBe(1);
    expect(figures.difference.ci).toEqual(direct.difference.ci);
    expect(figures.difference.nSessions).toBe(6);
    expect(figures.verdict).toBe("favours");
  });

  it("flags, on a session page, the answers written by the judge's own family", async () => {
    const session = await getDb().evalSession.findFirstOrThrow({ where: { meta: { path: ["judge"], equals: `imported:${judge}` }, externalId: { endsWith: "/g1" } }, select: { id: true } });
    const judgeRow = await getDb().judge.findFirstOrThrow({ where: { name: `imported:${judge}` }, select: { id: true } });
    const turns = await findTurnPage(session.id, { judgeId: judgeRow.id, page: 1, pageSize: 50, includeRaterNames: false });
    expect(turns.map((t) => [t.itemId, t.generatorModel, t.isJudgeOwnFamily])).toEqual([
      ["i1-0", "claude-3-5-sonnet", false],
      ["i1-1", "gpt-4.1-mini", true],
      ["i1-2", "meta-llama/Llama-3.1-8B", false],
      ["i1-3", "gpt-4o", true],
    ]);
    const without = await findTurnPage(session.id, { judgeId: null, page: 1, pageSize: 50, includeRaterNames: false });
    expect(without.map((t) => t.isJudgeOwnFamily)).toEqual([false, false, false, false]);
  });

  it("has no figures for a judge without a model family", async () => {
    const other = uniqueId("plain-judge");
    await importGeneric({
      text: rows().map((r) => JSON.stringify(r)).join("\n"),
      fileName: "plain.jsonl",
      fields: genericFieldsSchema.parse({ judgeName: other }),
      actor: { source: "cli" },
      sessionId: uniqueId("plain"),
    });
    const report = await getSelfEnhancement({ judge: `imported:${other}` });
    expect(report.judge).toMatchObject({ model: null, family: null });
    expect(report.figures).toBeNull();
  });
});

describe("generator models at import", () => {
  it("keeps a log line's generator_model on its turn", async () => {
    const id = uniqueId("gen-log");
    await importLog({ input: ndjson([turn(id, "thesis", "An answer.", { generator_model: "claude-3-5-sonnet" }), turn(id, "antithesis", "Another.")]), actor: { source: "cli" } });
    const turns = await getDb().turn.findMany({ where: { session: { externalId: id } }, orderBy: { ordinal: "asc" }, select: { generatorModel: true } });
    expect(turns.map((t) => t.generatorModel)).toEqual(["claude-3-5-sonnet", null]);
  });

  it("gives the lines of a session the model its header names, unless a line names its own", async () => {
    const id = uniqueId("gen-header");
    await importLog({
      input: ndjson([{ type: "session", session_id: id, generator_model: "qwen2.5:14b" }, turn(null, "thesis", "One."), turn(null, "antithesis", "Two.", { generator_model: "gpt-4o" })]),
      actor: { source: "cli" },
    });
    const turns = await getDb().turn.findMany({ where: { session: { externalId: id } }, orderBy: { ordinal: "asc" }, select: { generatorModel: true } });
    expect(turns.map((t) => t.generatorModel)).toEqual(["qwen2.5:14b", "gpt-4o"]);
  });

  it("refuses rows of one item that name different generator models, with the line and field", async () => {
    const text = [
      { item_id: "q1", judge_score: 0.5, human_score: 2, generator_model: "gpt-4o" },
      { item_id: "q1", judge_score: 0.5, human_score: 3, annotator: "b", generator_model: "claude-3-opus" },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n");
    const error = await rejectionOf(importGeneric({ text, fileName: "gen.jsonl", fields: genericFieldsSchema.parse({}), actor: { source: "cli" }, sessionId: uniqueId("gen") }), ImportInvalidError);
    expect(error.report.problems).toContainEqual({
      line: 2,
      path: "generator_model",
      message: 'generator model "claude-3-opus" differs from "gpt-4o" on line 1 for the same item',
    });
  });

  it("reads the judge's model from its config, else from an LLM judge's name", () => {
    expect(judgeModelOf({ name: "imported:x", kind: "imported", config: { model: "qwen2.5-72b" } })).toBe("qwen2.5-72b");
    expect(judgeModelOf({ name: "llm:gpt-4o", kind: "llm", config: null })).toBe("gpt-4o");
    expect(judgeModelOf({ name: "heuristic", kind: "heuristic", config: null })).toBeNull();
  });
});

describe("GET /api/v1/agreement/self-enhancement", () => {
  it("answers a read key and asks an anonymous caller to sign in", async () => {
    const readKey = (await createApiKey({ name: "self-read", scope: "read" })).key;
    const request = (bearer?: string) =>
      new NextRequest("http://localhost:3000/api/v1/agreement/self-enhancement", { headers: new Headers({ host: "localhost:3000", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }) });
    const context = { params: Promise.resolve({}) };
    const ok = await getRoute(request(readKey), context);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveProperty("figures");
    expect((await getRoute(request(), context)).status).toBe(401);
  });
});
