import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { getDb } from "../db";
import { applyMigrations, readMigrationFiles } from "../migrate";
import { createJudge, createSession, uniqueWord } from "./session-fixtures";

// The per-session aggregates the sessions list reads (migration "session_aggregates") are
// kept by triggers; these tests write rows the way every writer does and read them back.

type Aggregates = { ratedTurnCount: number; personaIds: string[]; scores: Array<{ judgeId: number; total: number; scoredTurnCount: number; averageScore: number | null }> };

async function aggregates(sessionId: number): Promise<Aggregates> {
  const db = getDb();
  const session = await db.evalSession.findUniqueOrThrow({ where: { id: sessionId }, select: { ratedTurnCount: true, personaIds: true } });
  const scores = await db.sessionScore.findMany({
    where: { sessionId },
    select: { judgeId: true, total: true, scoredTurnCount: true, averageScore: true },
    orderBy: { judgeId: "asc" },
  });
  return { ...session, scores };
}

async function matches(sessionId: number, word: string): Promise<boolean> {
  const rows = await getDb().$queryRaw<Array<{ hit: boolean }>>`
    SELECT search_vector @@ to_tsquery('simple'::regconfig, ${`${word}:*`}) AS hit FROM eval_sessions WHERE id = ${sessionId}::int`;
  return rows[0].hit;
}

async function turnIds(sessionId: number): Promise<number[]> {
  const turns = await getDb().turn.findMany({ where: { sessionId }, select: { id: true }, orderBy: { ordinal: "asc" } });
  return turns.map((turn) => turn.id);
}

describe("session_scores", () => {
  it("sums each judge's overall scores in turn order, whatever order the rows were written in", async () => {
    const judge = await createJudge("agg-order");
    const id = await createSession({ seedPrompt: uniqueWord(), turns: [] });
    const db = getDb();
    // Ordinals written 1, 2, 0: in that order the float sum would be 0.6; in turn order it is (0.1 + 0.2) + 0.3.
    for (const [ordinal, score] of [[1, 0.2], [2, 0.3], [0, 0.1]] as const) {
      const turn = await db.turn.create({ data: { sessionId: id, ordinal, personaId: "thesis", response: "r", wordCount: 1, raw: {} }, select: { id: true } });
      await db.judgeScore.create({ data: { turnId: turn.id, judgeId: judge, overallScore: score } });
    }
    await db.evalSession.update({ where: { id }, data: { turnCount: 3 } });

    const total = 0.1 + 0.2 + 0.3;
    expect([total, 0.2 + 0.3 + 0.1]).toEqual([0.6000000000000001, 0.6]);
    expect((await aggregates(id)).scores).toEqual([{ judgeId: judge, total, scoredTurnCount: 3, averageScore: total / 3 }]);
  });

  it("keeps one row per judge, divides by all turns, and follows changed and removed scores", async () => {
    const [a, b] = [await createJudge("agg-a"), await createJudge("agg-b")];
    const id = await createSession({
      seedPrompt: uniqueWord(),
      turns: [
        { personaId: "thesis", scores: { [a]: 0.5, [b]: 0.9 } },
        { personaId: "antithesis", scores: { [a]: 0.7 } },
        { personaId: "synthesis" },
        { personaId: "thesis", scores: { [a]: 0.6 } },
      ],
    });
    expect((await aggregates(id)).scores).toEqual([
      { judgeId: a, total: 0.5 + 0.7 + 0.6, scoredTurnCount: 3, averageScore: (0.5 + 0.7 + 0.6) / 4 },
      { judgeId: b, total: 0.9, scoredTurnCount: 1, averageScore: 0.9 / 4 },
    ]);

    const [first, second] = await turnIds(id);
    const db = getDb();
    await db.judgeScore.updateMany({ where: { turnId: second, judgeId: a }, data: { overallScore: 0.1 } });
    await db.judgeScore.deleteMany({ where: { turnId: first, judgeId: b } });
    expect((await aggregates(id)).scores).toEqual([{ judgeId: a, total: 0.5 + 0.1 + 0.6, scoredTurnCount: 3, averageScore: (0.5 + 0.1 + 0.6) / 4 }]);

    await db.evalSession.update({ where: { id }, data: { turnCount: 5 } });
    expect((await aggregates(id)).scores[0].averageScore).toBe((0.5 + 0.1 + 0.6) / 5);
  });

  it("follows turns replaced by another import: the old judge's row goes, the new judge's comes", async () => {
    const [oldJudge, newJudge] = [await createJudge("agg-old"), await createJudge("agg-new")];
    const id = await createSession({ seedPrompt: uniqueWord(), turns: [{ personaId: "thesis", scores: { [oldJudge]: 0.4 }, ratings: [2] }] });
    const db = getDb();
    await db.turn.deleteMany({ where: { sessionId: id } });
    expect(await aggregates(id)).toEqual({ ratedTurnCount: 0, personaIds: [], scores: [] });

    const turn = await db.turn.create({ data: { sessionId: id, ordinal: 0, personaId: "critic", response: "r", wordCount: 1, raw: {} }, select: { id: true } });
    await db.judgeScore.create({ data: { turnId: turn.id, judgeId: newJudge, overallScore: 0.8 } });
    expect(await aggregates(id)).toEqual({ ratedTurnCount: 0, personaIds: ["critic"], scores: [{ judgeId: newJudge, total: 0.8, scoredTurnCount: 1, averageScore: 0.8 }] });
  });

  it("leaves nothing behind when a session or a judge is deleted", async () => {
    const [kept, removed] = [await createJudge("agg-kept"), await createJudge("agg-removed")];
    const id = await createSession({ seedPrompt: uniqueWord(), turns: [{ personaId: "thesis", scores: { [kept]: 0.4, [removed]: 0.6 } }] });
    const db = getDb();
    await db.judge.delete({ where: { id: removed } });
    expect((await aggregates(id)).scores.map((score) => score.judgeId)).toEqual([kept]);
    await db.evalSession.delete({ where: { id } });
    expect(await db.sessionScore.count({ where: { sessionId: id } })).toBe(0);
  });
});

describe("eval_sessions aggregates", () => {
  it("counts turns with a rating of any criterion or source, once each", async () => {
    const id = await createSession({
      seedPrompt: uniqueWord(),
      turns: [{ personaId: "thesis", ratings: [2, 3] }, { personaId: "antithesis" }, { personaId: "synthesis", ratings: [4] }],
    });
    expect((await aggregates(id)).ratedTurnCount).toBe(2);

    const [, second, third] = await turnIds(id);
    const db = getDb();
    await db.rating.create({ data: { turnId: second, annotator: "someone", criterion: "clarity", level: 3, source: "imported" } });
    expect((await aggregates(id)).ratedTurnCount).toBe(3);
    await db.rating.deleteMany({ where: { turnId: third } });
    expect((await aggregates(id)).ratedTurnCount).toBe(2);
    await db.rating.updateMany({ where: { turnId: second }, data: { turnId: third } });
    expect((await aggregates(id)).ratedTurnCount).toBe(2);
  });

  it("lists the personas present, sorted and once each", async () => {
    const id = await createSession({
      seedPrompt: uniqueWord(),
      turns: [{ personaId: "thesis" }, { personaId: "synthesis" }, { personaId: "antithesis" }, { personaId: "thesis" }],
    });
    expect((await aggregates(id)).personaIds).toEqual(["antithesis", "synthesis", "thesis"]);
  });

  it("indexes the seed prompt and every response as one document, and follows changes to either", async () => {
    const [inPrompt, inFirst, inSecond, newPrompt] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const id = await createSession({
      seedPrompt: `What about ${inPrompt}?`,
      turns: [{ personaId: "thesis", response: `First ${inFirst}.` }, { personaId: "antithesis", response: `그러나 ${inSecond}가 있다.` }],
    });
    for (const word of [inPrompt, inFirst, inSecond, "그러나", inPrompt.slice(0, 6)]) expect(await matches(id, word), word).toBe(true);

    const db = getDb();
    await db.evalSession.update({ where: { id }, data: { seedPrompt: `Now ${newPrompt}` } });
    expect([await matches(id, inPrompt), await matches(id, newPrompt), await matches(id, inFirst)]).toEqual([false, true, true]);

    const [first] = await turnIds(id);
    await db.turn.delete({ where: { id: first } });
    expect([await matches(id, inFirst), await matches(id, inSecond)]).toEqual([false, true]);
  });

  it("keeps a session of more than 1 MB of text searchable (the distinct words fit)", async () => {
    const last = uniqueWord();
    const filler = Array.from({ length: 20_000 }, (_, i) => `word${i % 5000} text`).join(" "); // ~230 kB each
    const id = await createSession({
      seedPrompt: uniqueWord(),
      turns: [...Array.from({ length: 5 }, () => ({ personaId: "thesis", response: filler })), { personaId: "synthesis", response: `finally ${last}` }],
    });
    const [{ bytes }] = await getDb().$queryRaw<Array<{ bytes: number }>>`
      SELECT sum(octet_length(response))::int AS bytes FROM turns WHERE session_id = ${id}::int`;
    expect(bytes).toBeGreaterThan(1_000_000);
    expect([await matches(id, last), await matches(id, "word4999"), await matches(id, "absent")]).toEqual([true, true, false]);
  });
});

describe("migration session_aggregates", () => {
  const drops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (drops.length > 0) await drops.pop()!();
  });

  it("computes the aggregates of sessions stored before it", async () => {
    const scratch = await createScratchDatabase(inject("databaseUrl"));
    drops.push(scratch.drop);
    const files = readMigrationFiles();
    const at = files.findIndex((file) => file.name.endsWith("_session_aggregates"));
    const before = mkdtempSync(path.join(tmpdir(), "concord-migrations-"));
    for (const file of files.slice(0, at)) {
      mkdirSync(path.join(before, file.name));
      writeFileSync(path.join(before, file.name, "migration.sql"), file.sql);
    }
    await applyMigrations(scratch.url, { dir: before });

    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(`
        INSERT INTO judges (id, name, version, kind) VALUES (1, 'heuristic', 'v1', 'heuristic');
        INSERT INTO eval_sessions (id, external_id, content_hash, seed_prompt, turn_count) VALUES (1, 's1', 'h', 'old marigold prompt', 3);
        INSERT INTO turns (id, session_id, ordinal, persona_id, response, word_count, raw) VALUES
          (1, 1, 0, 'thesis', 'alpha', 1, '{}'), (2, 1, 1, 'antithesis', 'beta', 1, '{}'), (3, 1, 2, 'thesis', 'gamma', 1, '{}');
        INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES (1, 1, 0.1), (2, 1, 0.2), (3, 1, 0.3);
        INSERT INTO ratings (turn_id, annotator, level, source) VALUES (2, 'a', 3, 'imported');`);
      expect(await applyMigrations(scratch.url)).toEqual(files.slice(at).map((file) => file.name));

      const { rows } = await client.query(`
        SELECT s.rated_turn_count, s.persona_ids, s.search_vector @@ 'marigold & gamma'::tsquery AS found, ss.total, ss.average_score
        FROM eval_sessions s JOIN session_scores ss ON ss.session_id = s.id`);
      expect(rows).toEqual([{ rated_turn_count: 1, persona_ids: ["antithesis", "thesis"], found: true, total: 0.1 + 0.2 + 0.3, average_score: (0.1 + 0.2 + 0.3) / 3 }]);
    } finally {
      await client.end();
    }
  });
});
