import { describe, expect, it } from "vitest";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "@/lib/server/db";
import { findAgreementData } from "./find-agreement-data";
import { plantTurns, uniqueName } from "./test-helpers";

// rated_units and rated_unit_scores are kept by triggers (migration "rated_units"); the
// report reads them instead of ratings ⋈ judge_scores ⋈ turns ⋈ eval_sessions. These tests
// write through every path a change can come by and compare what the report reads with the
// statement it read before the tables existed, over the base tables.

const CRITERION = "COALESCE(CASE WHEN r.criterion = 'overall' THEN t.dimension END, r.criterion)";
const RATED = "r.level IS NOT NULL AND (r.rater_id IS NOT NULL OR r.annotator IS NOT NULL)";

/** The report's data as the old statement computed it from the base tables, for one judge and one session. */
async function expectedData(judgeId: number, sessionId: number, filter = "", values: unknown[] = []) {
  const units = await getDb().$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT r.turn_id AS "turnId", t.session_id AS "sessionId", t.persona_id AS persona, ${CRITERION} AS criterion,
            r.criterion AS "ratingCriterion", t.word_count AS "wordCount", js.overall_score AS score,
            (SELECT a.level FROM adjudications a WHERE a.turn_id = r.turn_id AND a.criterion = r.criterion) AS adjudicated,
            (SELECT g.level FROM gold_items g WHERE g.turn_id = r.turn_id AND g.criterion = r.criterion) AS gold,
            floor(extract(epoch FROM COALESCE(t.occurred_at, s.started_at, s.created_at)) / 86400)::int AS day, s.import_id AS "importId",
            array_agg(COALESCE('u' || r.rater_id, 'a:' || r.annotator) || '=' || r.level ORDER BY COALESCE('u' || r.rater_id, 'a:' || r.annotator)) AS ratings
     FROM ratings r JOIN turns t ON t.id = r.turn_id JOIN eval_sessions s ON s.id = t.session_id
     JOIN judge_scores js ON js.turn_id = r.turn_id AND js.judge_id = $1
     WHERE ${RATED} AND t.session_id = $2 ${filter}
     GROUP BY r.turn_id, r.criterion, t.id, s.id, js.overall_score ORDER BY r.turn_id, r.criterion`,
    judgeId,
    sessionId,
    ...values,
  );
  return units;
}

/** findAgreementData's answer for the judge, restricted to one session, in the same shape. */
async function actualData(scope: ResolvedScope, sessionId: number) {
  const { units, ratings } = await findAgreementData(scope);
  const rows: Record<string, unknown>[] = [];
  for (let u = 0; u < units.turnId.length; u++) {
    if (units.sessionId[u] !== sessionId) continue;
    const given: string[] = [];
    for (let i = 0; i < ratings.unit.length; i++) if (ratings.unit[i] === u) given.push(`${ratings.rater[i]}=${ratings.level[i]}`);
    rows.push({
      turnId: units.turnId[u], sessionId: units.sessionId[u], persona: units.persona[u], criterion: units.criterion[u],
      ratingCriterion: units.ratingCriterion[u], wordCount: units.wordCount[u], score: units.score[u], adjudicated: units.adjudicated[u],
      gold: units.gold[u], day: units.day[u], importId: units.importId[u], ratings: given.sort(),
    });
  }
  return rows;
}

function scopeOf(judgeId: number, extra: Partial<ResolvedScope> = {}): ResolvedScope {
  return {
    judge: { id: judgeId, name: "test", version: "1", kind: "imported" },
    thresholds: { id: null, version: 1, isActive: false, cutoffs: { fair: 0.5, good: 0.65, excellent: 0.8 } },
    persona: null, criterion: null, from: null, to: null, importId: null,
    ...extra,
  };
}

describe("rated_units and rated_unit_scores, kept by triggers", () => {
  it("follow every write to ratings, adjudications, gold items, judge scores, turns, sessions and imports", async () => {
    const db = getDb();
    const rater = await createTestUser("rater");
    const admin = await createTestUser("admin");
    const planted = await plantTurns(
      [
        { persona: "thesis", score: 0.9, ratings: [["a1", 4], ["a2", 3]], occurredAt: "2026-03-02T12:00:00Z" },
        { persona: "antithesis", score: 0.3, ratings: [["a1", 1]] },
        { persona: "synthesis", score: 0.7, ratings: [], dimension: "fluency" },
        { persona: "thesis", score: 0.55, ratings: [["a2", 2]] },
      ],
      { withImport: true },
    );
    const [t0, t1, t2, t3] = planted.turnIds;
    const check = async (step: string) => {
      const expected = await expectedData(planted.judgeId, planted.sessionId);
      expect(await actualData(scopeOf(planted.judgeId), planted.sessionId), step).toEqual(expected);
      return expected.length;
    };
    expect(await check("planted")).toBe(3);

    await db.$executeRawUnsafe(`INSERT INTO ratings (turn_id, rater_id, level, source) VALUES ($1, $2, 2, 'queue')`, t2, rater.id);
    await db.$executeRawUnsafe(`INSERT INTO ratings (turn_id, annotator, criterion, level, source) VALUES ($1, 'a1', 'clarity', 3, 'imported')`, t0);
    expect(await check("a queue rating, a second criterion")).toBe(5);

    await db.$executeRawUnsafe(`UPDATE ratings SET level = 1 WHERE turn_id = $1 AND annotator = 'a2'`, t0);
    await db.$executeRawUnsafe(`UPDATE ratings SET level = NULL WHERE turn_id = $1`, t3);
    expect(await check("a level changed, one emptied")).toBe(4);
    await db.$executeRawUnsafe(`DELETE FROM ratings WHERE turn_id = $1 AND criterion = 'clarity'`, t0);
    expect(await check("a rating removed")).toBe(3);

    await db.$executeRawUnsafe(`INSERT INTO adjudications (turn_id, level, adjudicator_id) VALUES ($1, 4, $2)`, t0, admin.id);
    await db.$executeRawUnsafe(`INSERT INTO gold_items (turn_id, level) VALUES ($1, 1)`, t1);
    await check("adjudicated, gold");
    await db.$executeRawUnsafe(`UPDATE adjudications SET level = 2 WHERE turn_id = $1`, t0);
    await db.$executeRawUnsafe(`DELETE FROM gold_items WHERE turn_id = $1`, t1);
    await check("re-adjudicated, gold removed");

    await db.$executeRawUnsafe(`UPDATE turns SET persona_id = 'monitor', word_count = 7, occurred_at = '2026-04-01T00:00:00Z' WHERE id = $1`, t1);
    await db.$executeRawUnsafe(`UPDATE eval_sessions SET started_at = '2025-12-31T23:00:00Z' WHERE id = $1`, planted.sessionId);
    await check("a turn and the session changed");
    await db.$executeRawUnsafe(`DELETE FROM imports WHERE id = $1`, planted.importId);
    expect((await expectedData(planted.judgeId, planted.sessionId)).every((row) => row.importId === null)).toBe(true);
    await check("the import removed");

    await db.$executeRawUnsafe(`UPDATE judge_scores SET overall_score = 0.125 WHERE turn_id = $1 AND judge_id = $2`, t0, planted.judgeId);
    await db.$executeRawUnsafe(`DELETE FROM judge_scores WHERE turn_id = $1 AND judge_id = $2`, t1, planted.judgeId);
    expect(await check("a score changed, one removed")).toBe(2);
    await db.$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, 0.61)`, t1, planted.judgeId);
    expect(await check("the score back")).toBe(3);

    await db.$executeRawUnsafe(`DELETE FROM turns WHERE id = $1`, t0);
    expect(await check("a turn removed")).toBe(2);
    const left = await db.$queryRawUnsafe<{ units: number; scores: number }[]>(
      `SELECT (SELECT count(*) FROM rated_units WHERE turn_id = $1)::int AS units, (SELECT count(*) FROM rated_unit_scores WHERE turn_id = $1)::int AS scores`,
      t0,
    );
    expect(left[0]).toEqual({ units: 0, scores: 0 });
    await db.$executeRawUnsafe(`DELETE FROM ratings WHERE turn_id = $1`, t2);
    const scoresOfUnrated = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM rated_unit_scores WHERE turn_id = $1`, t2);
    expect(scoresOfUnrated[0].n).toBe(0);
    expect(await check("a turn's last rating removed")).toBe(1);
  });

  it("applies the scope's persona, criterion, dates and import on the stored columns", async () => {
    const planted = await plantTurns(
      [
        { persona: "thesis", score: 0.9, ratings: [["r1", 4]], occurredAt: "2026-03-02T12:00:00Z" },
        { persona: "antithesis", score: 0.3, ratings: [["r1", 1]], occurredAt: "2026-03-09T12:00:00Z", dimension: "fluency" },
        { persona: "thesis", score: 0.7, ratings: [["r1", 2], ["r2", 3]], occurredAt: "2026-03-09T23:59:59Z" },
      ],
      { withImport: true, judge: uniqueName("rated-units-scope") },
    );
    const count = async (extra: Partial<ResolvedScope>) => (await actualData(scopeOf(planted.judgeId, extra), planted.sessionId)).map((row) => row.turnId);
    const [a, b, c] = planted.turnIds;
    expect(await count({})).toEqual([a, b, c]);
    expect(await count({ persona: "thesis" })).toEqual([a, c]);
    expect(await count({ criterion: "fluency" })).toEqual([b]);
    expect(await count({ criterion: "overall" })).toEqual([a, c]);
    expect(await count({ from: "2026-03-09" })).toEqual([b, c]);
    expect(await count({ to: "2026-03-08" })).toEqual([a]);
    expect(await count({ importId: planted.importId })).toEqual([a, b, c]);
    expect(await count({ importId: planted.importId! + 1_000_000 })).toEqual([]);
  });
});
